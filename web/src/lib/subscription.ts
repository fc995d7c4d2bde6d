/** Subscription rules of spec 1 §2 and §4: overdue, warning days, where a login lands. */
import { COMPANY_NEVER_EXPIRES_ID, SUBSCRIPTION_WARNING_DAYS } from '@conversa/shared/constants';
import { isAdmin, type Principal } from '@conversa/shared/roles';
import { daysBetween } from './format';

export type CompanyDue = { id: number; dueDate: string | null };

function dateOnly(dueDate: string): string | undefined {
  const m = /^\d{4}-\d{2}-\d{2}/.exec(dueDate);
  return m ? m[0] : undefined;
}

/** Due date passed (strictly before today); company 1 and companies without a due date never are. */
export function isOverdue(company: CompanyDue, today: string): boolean {
  if (company.id === COMPANY_NEVER_EXPIRES_ID || !company.dueDate) return false;
  const due = dateOnly(company.dueDate);
  return due !== undefined && due < today;
}

/** Days left when fewer than the warning threshold remain (0 = due today); otherwise undefined. */
export function warningDaysLeft(company: CompanyDue, today: string): number | undefined {
  if (company.id === COMPANY_NEVER_EXPIRES_ID || !company.dueDate) return undefined;
  const due = dateOnly(company.dueDate);
  if (!due) return undefined;
  const days = daysBetween(today, due);
  return days >= 0 && days < SUBSCRIPTION_WARNING_DAYS ? days : undefined;
}

/** After login: overdue → finance; admin or super → dashboard; others → tickets. */
export function landingPath(user: Principal & { company: CompanyDue }, today: string): string {
  if (isOverdue(user.company, today)) return '/financeiro';
  return isAdmin(user) ? '/dashboard' : '/tickets';
}
