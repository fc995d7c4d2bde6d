/**
 * Companies and plans, run by the super admin (spec 2 "Companies list", Settings > Companies and
 * Plans, §3 Company and Plan, §5 company modal rules, §7 calls, §9 constants).
 */
import { z } from 'zod';
import { RECURRENCES, type Recurrence } from '../constants';
import { isValidDocument, onlyDigits } from '../document';
import { flagAllowed, PLAN_FLAGS, roundBRL, TIERS, type Plan, type PlanFlag, type Tier } from '../plans';
import { PageQuery } from './common';

// ---- plans ----

const Counter = (max: number) => z.number().int().min(1).max(max);
const Amount = z
  .number()
  .min(0)
  .max(1_000_000)
  .transform((n) => roundBRL(n));
const flagFields = Object.fromEntries(PLAN_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<PlanFlag, z.ZodOptional<z.ZodBoolean>>;

const PlanFields = {
  name: z.string().trim().min(1, 'Obrigatório').max(50, 'Too Long!'),
  tier: z.enum(TIERS),
  users: Counter(10_000),
  connections: Counter(1_000),
  queues: Counter(1_000),
  amount: Amount,
  ...flagFields,
};

const flowBuilderOnTop = (p: { tier?: Tier; useShowFlowBuilder?: boolean }) => !p.useShowFlowBuilder || p.tier === undefined || flagAllowed(p.tier, 'useShowFlowBuilder');
const flowBuilderIssue = { message: 'useShowFlowBuilder only on the ultimate tier', path: ['useShowFlowBuilder'] };

/** POST /plans: flags left out are on (the flow builder off). */
export const PlanBody = z.object(PlanFields).strict().refine(flowBuilderOnTop, flowBuilderIssue);
export type PlanBody = z.infer<typeof PlanBody>;
/** PUT /plans/{id}: the fields sent change; the tier rule is checked again on the merged plan. */
export const UpdatePlanBody = z.object(PlanFields).partial().strict().refine(flowBuilderOnTop, flowBuilderIssue);
export type UpdatePlanBody = z.infer<typeof UpdatePlanBody>;

/** A plan as the super admin sees it: how many companies are on it (a plan in use cannot be removed). */
export type PlanView = Plan & { companies: number };

// ---- companies ----

/** The platform's own company (the super admin's): never deleted, never deactivated. */
export const PLATFORM_COMPANY_ID = 1;

const YMD = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;
/** An empty or invalid due date is sent as null (spec 2 §5); a string that is not a date is refused here. */
const DueDate = z.union([z.string().regex(YMD, 'YYYY-MM-DD'), z.null()]);
const Text = (max: number) => z.string().trim().max(max, 'Too Long!');
/** CPF or CNPJ, checked by its check digits; stored as digits; '' = none. */
const Document = z
  .string()
  .max(20)
  .refine((v) => v.trim() === '' || isValidDocument(v), 'CPF/CNPJ inválido')
  .transform((v) => onlyDigits(v));

export const PAYMENT_METHODS = ['pix', 'boleto', 'cartao', ''] as const;

const CompanyFields = {
  name: z.string().trim().min(1, 'Nome é obrigatório').min(2, 'Too Short!').max(50, 'Too Long!'),
  email: z.string().trim().toLowerCase().min(1, 'E-mail é obrigatório').max(254, 'Too Long!').email('Email é inválido'),
  phone: Text(30),
  planId: z.number().int().positive().max(2 ** 40),
  status: z.boolean(),
  dueDate: DueDate,
  recurrence: z.enum(RECURRENCES),
  document: Document,
  paymentMethod: z.enum(PAYMENT_METHODS),
  billingName: Text(100),
  addressZipCode: z.string().trim().regex(/^(\d{5}-?\d{3})?$/, 'CEP').transform(onlyDigits),
  addressStreet: Text(150),
  addressState: z.string().trim().toUpperCase().regex(/^([A-Z]{2})?$/, 'UF'),
  addressCity: Text(100),
  addressDistrict: Text(100),
};

/**
 * POST /companies: the company and its first admin (spec 2 company-plan modal: name, email,
 * passwordDefault), written in one transaction.
 */
export const CreateCompanyBody = z
  .object({
    ...CompanyFields,
    phone: CompanyFields.phone.default(''),
    status: CompanyFields.status.default(true),
    dueDate: CompanyFields.dueDate.default(null),
    recurrence: CompanyFields.recurrence.default('MENSAL'),
    document: CompanyFields.document.default(''),
    paymentMethod: CompanyFields.paymentMethod.default(''),
    billingName: CompanyFields.billingName.default(''),
    addressZipCode: CompanyFields.addressZipCode.default(''),
    addressStreet: CompanyFields.addressStreet.default(''),
    addressState: CompanyFields.addressState.default(''),
    addressCity: CompanyFields.addressCity.default(''),
    addressDistrict: CompanyFields.addressDistrict.default(''),
    /** The first admin's password (the modal's passwordDefault). */
    passwordDefault: z.string().min(5, 'Too Short!').max(50, 'Too Long!'),
    /** The first admin's name; the company's name when absent. */
    adminName: z.string().trim().min(2, 'Too Short!').max(50, 'Too Long!').optional(),
  })
  .strict();
export type CreateCompanyBody = z.infer<typeof CreateCompanyBody>;

/** PUT /companies/{id}: the fields sent change. The e-mail here is the company's contact, not a login. */
export const UpdateCompanyBody = z.object(CompanyFields).partial().strict();
export type UpdateCompanyBody = z.infer<typeof UpdateCompanyBody>;

/** GET /companiesPlan, GET /companies: search by name or e-mail, cursor pages (pageNumber accepted, ignored). */
export const CompaniesQuery = PageQuery.extend({ searchParam: z.string().max(100).optional() }).strict();
export type CompaniesQuery = z.infer<typeof CompaniesQuery>;

export type CompanyDeletion = { jobId: string; state: 'running' | 'done'; phase: string; deleted: number; scanned: number; startedAt: string; finishedAt?: string };

export type CompanyView = {
  id: number;
  name: string;
  email: string;
  phone: string;
  planId: number;
  plan: { name: string; amount: number; users: number; connections: number } | null;
  status: boolean;
  dueDate: string | null;
  recurrence: Recurrence;
  document: string;
  paymentMethod: string;
  billingName: string;
  addressZipCode: string;
  addressStreet: string;
  addressState: string;
  addressCity: string;
  addressDistrict: string;
  createdAt: string;
  lastLogin?: string;
  trial: boolean;
  /** Set once a deletion was asked for: the company is on its way out. */
  deletion?: CompanyDeletion;
};
export type CompaniesPage = { companies: CompanyView[]; hasMore: boolean; cursor?: string };
