/**
 * The company forms (spec 2 company-plan modal and Settings > Companies, §5): values as the inputs
 * hold them, the body the server takes, and the modal's messages ('Nome é obrigatório',
 * 'Email é inválido', 'E-mail é obrigatório') as i18n keys. An empty or invalid due date is sent as null.
 */
import type { Recurrence } from '@conversa/shared/constants';
import { formatDocument, isValidDocument, onlyDigits } from '@conversa/shared/document';
import type { CompanyView, CreateCompanyBody, UpdateCompanyBody } from '@conversa/shared/schemas/companies';
import { PAYMENT_METHODS } from '@conversa/shared/schemas/companies';

export type CompanyFormValues = {
  name: string;
  email: string;
  passwordDefault: string;
  phone: string;
  planId: string;
  status: boolean;
  dueDate: string;
  recurrence: Recurrence;
  document: string;
  paymentMethod: (typeof PAYMENT_METHODS)[number];
  billingName: string;
  addressZipCode: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  addressDistrict: string;
};

export type CompanyFormErrors = Partial<Record<keyof CompanyFormValues, string>>;

export const emptyCompanyForm = (planId = ''): CompanyFormValues => ({
  name: '', email: '', passwordDefault: '', phone: '', planId, status: true, dueDate: '', recurrence: 'MENSAL', document: '', paymentMethod: '',
  billingName: '', addressZipCode: '', addressStreet: '', addressState: '', addressCity: '', addressDistrict: '',
});

export const formFromCompany = (c: CompanyView): CompanyFormValues => ({
  name: c.name, email: c.email, passwordDefault: '', phone: c.phone, planId: String(c.planId), status: c.status, dueDate: c.dueDate ?? '', recurrence: c.recurrence,
  document: c.document ? formatDocument(c.document) : '', paymentMethod: (PAYMENT_METHODS as readonly string[]).includes(c.paymentMethod) ? (c.paymentMethod as CompanyFormValues['paymentMethod']) : '',
  billingName: c.billingName, addressZipCode: c.addressZipCode, addressStreet: c.addressStreet, addressState: c.addressState, addressCity: c.addressCity, addressDistrict: c.addressDistrict,
});

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** An empty or invalid due date is null (spec 2 §5). */
export const dueDateOrNull = (v: string): string | null => (YMD.test(v.trim()) ? v.trim() : null);

export function validateCompany(v: CompanyFormValues, creating: boolean): CompanyFormErrors {
  const e: CompanyFormErrors = {};
  const name = v.name.trim();
  if (!name) e.name = 'companies.validation.nameRequired';
  else if (name.length < 2) e.name = 'companies.validation.tooShort';
  else if (name.length > 50) e.name = 'companies.validation.tooLong';
  const email = v.email.trim();
  if (!email) e.email = 'companies.validation.emailRequired';
  else if (!EMAIL.test(email)) e.email = 'companies.validation.emailInvalid';
  if (!v.planId) e.planId = 'companies.validation.planRequired';
  if (creating && (v.passwordDefault.length < 5 || v.passwordDefault.length > 50)) e.passwordDefault = 'companies.validation.password';
  if (v.document.trim() && !isValidDocument(v.document)) e.document = 'companies.validation.document';
  if (v.addressZipCode.trim() && onlyDigits(v.addressZipCode).length !== 8) e.addressZipCode = 'companies.validation.zip';
  if (v.addressState.trim() && !/^[A-Za-z]{2}$/.test(v.addressState.trim())) e.addressState = 'companies.validation.state';
  return e;
}

const common = (v: CompanyFormValues) => ({
  name: v.name.trim(),
  email: v.email.trim().toLowerCase(),
  phone: v.phone.trim(),
  planId: Number(v.planId),
  status: v.status,
  dueDate: dueDateOrNull(v.dueDate),
  recurrence: v.recurrence,
  document: v.document.trim(),
  paymentMethod: v.paymentMethod,
  billingName: v.billingName.trim(),
  addressZipCode: v.addressZipCode.trim(),
  addressStreet: v.addressStreet.trim(),
  addressState: v.addressState.trim().toUpperCase(),
  addressCity: v.addressCity.trim(),
  addressDistrict: v.addressDistrict.trim(),
});

export const createBody = (v: CompanyFormValues): CreateCompanyBody => ({ ...common(v), passwordDefault: v.passwordDefault });
export const updateBody = (v: CompanyFormValues): UpdateCompanyBody => common(v);
