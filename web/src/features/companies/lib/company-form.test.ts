import { describe, expect, it } from 'vitest';
import { createBody, dueDateOrNull, emptyCompanyForm, validateCompany } from './company-form';
import { buildPlanBody, emptyPlanForm, parseAmount, visibleFlags } from './plan-form';

describe('company form', () => {
  it('the modal messages of spec 2 §5', () => {
    expect(validateCompany(emptyCompanyForm('2'), false)).toMatchObject({ name: 'companies.validation.nameRequired', email: 'companies.validation.emailRequired' });
    expect(validateCompany({ ...emptyCompanyForm('2'), name: 'Acme', email: 'not-an-email' }, false)).toEqual({ email: 'companies.validation.emailInvalid' });
    expect(validateCompany({ ...emptyCompanyForm(''), name: 'Acme', email: 'a@b.co' }, false)).toEqual({ planId: 'companies.validation.planRequired' });
  });
  it('checks the CPF/CNPJ and the admin password on create', () => {
    const base = { ...emptyCompanyForm('2'), name: 'Acme', email: 'a@b.co' };
    expect(validateCompany({ ...base, document: '529.982.247-24' }, false).document).toBe('companies.validation.document');
    expect(validateCompany({ ...base, document: '11.222.333/0001-81' }, false)).toEqual({});
    expect(validateCompany(base, true).passwordDefault).toBe('companies.validation.password');
  });
  it('an empty or invalid due date is sent as null', () => {
    expect(dueDateOrNull('')).toBeNull();
    expect(dueDateOrNull('2030-13-01')).toBeNull();
    expect(dueDateOrNull('2030-01-31')).toBe('2030-01-31');
    expect(createBody({ ...emptyCompanyForm('3'), name: ' Acme ', email: 'A@B.CO', passwordDefault: 'secret1', addressState: 'sp' })).toMatchObject({ name: 'Acme', email: 'a@b.co', planId: 3, dueDate: null, addressState: 'SP' });
  });
});

describe('plan form', () => {
  it('flags on by default, the flow builder off and shown only on the top tier', () => {
    const v = emptyPlanForm();
    expect(v.useCampaigns && v.useWhatsapp).toBe(true);
    expect(v.useShowFlowBuilder).toBe(false);
    expect(visibleFlags('basico')).not.toContain('useShowFlowBuilder');
    expect(visibleFlags('ultimate')).toContain('useShowFlowBuilder');
    const r = buildPlanBody({ ...v, name: 'P', tier: 'empresarial', useShowFlowBuilder: true });
    expect(r.ok && r.body.useShowFlowBuilder).toBe(false);
  });
  it('BRL amounts in either notation, 2 decimals; counters at least 1', () => {
    expect(parseAmount('1.234,56')).toBe(1234.56);
    expect(parseAmount('R$ 99,9')).toBe(99.9);
    expect(parseAmount('12.5')).toBe(12.5);
    expect(parseAmount('abc')).toBeNaN();
    const r = buildPlanBody({ ...emptyPlanForm(), name: 'P', amount: '10,129' });
    expect(r.ok && r.body.amount).toBe(10.13);
    const bad = buildPlanBody({ ...emptyPlanForm(), name: '', users: '0', amount: '-1' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(Object.keys(bad.errors).sort()).toEqual(['amount', 'name', 'users']);
  });
});
