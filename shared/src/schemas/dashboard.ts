/** Dashboard (spec 1 §2 "Dashboard", §3 "Dashboard data", §7). */
import { z } from 'zod';

const IsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

export const DashboardQuery = z
  .object({ days: z.coerce.number().int().min(0).max(366).optional(), date_from: IsoDate.optional(), date_to: IsoDate.optional() })
  .strict();
export const DashboardRangeQuery = z
  .object({ initialDate: IsoDate.optional(), finalDate: IsoDate.optional(), companyId: z.coerce.number().int().positive().optional() })
  .strict();

export type DashboardView = {
  counters: {
    supportHappening: number;
    supportPending: number;
    supportFinished: number;
    /** Minutes. */
    avgSupportTime: number;
    avgWaitTime: number;
    totalSentMessages: number;
    totalReceivedMessages: number;
    leads: number;
  };
  attendants: { id: number; name: string; online: boolean; tickets: number; avgSupportTime: number }[];
};
/** GET /dashboard/ticketsUsers */
export type TicketsByUser = { data: { userId: number; name: string; quantidade: number }[]; count: number };
/** GET /dashboard/ticketsDay: per day, or per hour when the range is one day. */
export type TicketsByDay = { data: { date?: string; horario?: string; total: number }[]; count: number };
