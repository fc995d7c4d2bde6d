import { describe, expect, it } from 'vitest';
import { campaignEditability, EMPTY_COUNTS, type CampaignView } from '@conversa/shared/schemas/campaigns';
import { buildCampaignBody, emptyCampaignForm, fieldAccess, formatWhen, formFromCampaign, insertVariable, toScheduledAt, variableNames, wallInput } from './campaign-form';

const NOW = Date.parse('2026-03-10T12:00:00Z');
const at = '2026-03-10T12:00:00.000Z';
const campaign = (over: Partial<CampaignView> = {}): CampaignView => ({
  id: 7, name: 'Black Friday', message1: 'Olá {nome}!', message2: 'Oi {nome}', message3: '', message4: '', message5: '',
  confirmationMessage1: '', confirmationMessage2: '', confirmationMessage3: '', confirmationMessage4: '', confirmationMessage5: '',
  status: 'INATIVA', confirmation: false, scheduledAt: null, completedAt: null, whatsappId: 2, contactListId: 11, companyId: 1, mediaPath: null, mediaName: null, template: null,
  contactList: { id: 11, name: 'VIP' }, whatsapp: { id: 2, name: 'Loja', channel: 'sandbox' }, pausedReason: null, counts: EMPTY_COUNTS, createdAt: at, updatedAt: at,
  ...over,
});
const access = (c: CampaignView) => fieldAccess(campaignEditability(c, NOW));

describe('the dialog follows spec 3 §4 (editability)', () => {
  it('an inactive campaign, or one scheduled more than an hour ahead, is all editable', () => {
    expect(access(campaign())).toEqual({ settings: true, messages: true, submit: true, readOnly: false });
    expect(access(campaign({ status: 'PROGRAMADA', scheduledAt: new Date(NOW + 61 * 60_000).toISOString() })).settings).toBe(true);
  });

  it('scheduled within the hour, running or finished: read-only, no submit (the title says so)', () => {
    for (const c of [campaign({ status: 'PROGRAMADA', scheduledAt: new Date(NOW + 59 * 60_000).toISOString() }), campaign({ status: 'EM_ANDAMENTO' }), campaign({ status: 'FINALIZADA' })]) {
      expect(access(c)).toEqual({ settings: false, messages: false, submit: false, readOnly: true });
    }
  });

  it('a cancelled campaign keeps its messages and the submit, nothing else', () => {
    expect(access(campaign({ status: 'CANCELADA' }))).toEqual({ settings: false, messages: true, submit: true, readOnly: false });
  });

  it('a cancelled campaign sends only its texts: a changed name or list is not sent (the server would refuse it)', () => {
    const v = { ...formFromCampaign(campaign({ status: 'CANCELADA' })), name: 'Outro nome', contactListId: '99' };
    v.messages[2] = 'Nova variante';
    const r = buildCampaignBody(v, 'sandbox', access(campaign({ status: 'CANCELADA' })));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(Object.keys(r.body).sort()).toEqual(['confirmationMessage1', 'confirmationMessage2', 'confirmationMessage3', 'confirmationMessage4', 'confirmationMessage5', 'message1', 'message2', 'message3', 'message4', 'message5']);
    expect(r.body.message3).toBe('Nova variante');
  });
});

describe('variable chips', () => {
  it('insert {name} in place of the selection and put the caret after it', () => {
    expect(insertVariable('Olá , tudo bem?', 4, 4, 'nome')).toEqual({ text: 'Olá {nome}, tudo bem?', caret: 10 });
    expect(insertVariable('Olá XXX!', 4, 7, 'numero')).toEqual({ text: 'Olá {numero}!', caret: 12 });
  });

  it('append at the end when the field never had the cursor, and clamp odd positions', () => {
    expect(insertVariable('Oi ', null, null, 'email')).toEqual({ text: 'Oi {email}', caret: 10 });
    expect(insertVariable('ab', 9, 12, 'x')).toEqual({ text: 'ab{x}', caret: 5 });
    expect(insertVariable('abc', 2, 1, 'x')).toEqual({ text: 'ab{x}c', caret: 5 });
  });

  it('offer the built-in variables, then each custom key once', () => {
    expect(variableNames([{ key: 'cupom', value: 'BF10' }, { key: 'nome', value: 'x' }, { key: 'loja', value: 'Centro' }])).toEqual(['nome', 'numero', 'email', 'cupom', 'loja']);
  });
});

describe('the request body (spec 3 §5)', () => {
  const all = fieldAccess('all');
  const filled = () => ({ ...emptyCampaignForm(), name: 'Natal', whatsappId: '2', contactListId: '11', messages: ['Olá {nome}', 'Oi {nome}', '', '', ''] });

  it('sends the time as YYYY-MM-DD HH:mm:ss, an empty one as null', () => {
    expect(toScheduledAt('2026-12-01T09:30')).toBe('2026-12-01 09:30:00');
    expect(toScheduledAt('2026-12-01T09:30:15')).toBe('2026-12-01 09:30:15');
    expect(toScheduledAt('')).toBeNull();
    const r = buildCampaignBody({ ...filled(), scheduledAt: '2026-12-01T09:30' }, 'sandbox', all);
    expect(r.ok && r.body).toMatchObject({ name: 'Natal', scheduledAt: '2026-12-01 09:30:00', whatsappId: 2, contactListId: 11, message1: 'Olá {nome}', message2: 'Oi {nome}', template: null });
    const none = buildCampaignBody(filled(), 'sandbox', all);
    expect(none.ok && none.body.scheduledAt).toBeNull();
  });

  it("names the spec's errors: name 2 to 50, a message, a confirmation when asked, a target when scheduled", () => {
    const short = buildCampaignBody({ ...filled(), name: 'A' }, 'sandbox', all);
    expect(short).toEqual({ ok: false, errors: { name: 'campaigns.validation.tooShort' } });
    expect(buildCampaignBody({ ...filled(), name: '' }, 'sandbox', all)).toMatchObject({ errors: { name: 'campaigns.validation.required' } });
    expect(buildCampaignBody({ ...filled(), name: 'x'.repeat(51) }, 'sandbox', all)).toMatchObject({ errors: { name: 'campaigns.validation.tooLong' } });
    expect(buildCampaignBody({ ...filled(), messages: ['', ' ', '', '', ''] }, 'sandbox', all)).toMatchObject({ errors: { messages: 'campaigns.validation.noMessage' } });
    expect(buildCampaignBody({ ...filled(), confirmation: true }, 'sandbox', all)).toMatchObject({ errors: { confirmations: 'campaigns.validation.noConfirmation' } });
    expect(buildCampaignBody({ ...filled(), contactListId: '', scheduledAt: '2026-12-01T09:30' }, 'sandbox', all)).toMatchObject({ errors: { contactListId: 'campaigns.validation.needsTarget' } });
  });

  it('a Cloud API connection needs a template, and sends no plain text in its place', () => {
    expect(buildCampaignBody({ ...filled(), messages: ['', '', '', '', ''] }, 'wppoficial', all)).toMatchObject({ errors: { template: 'campaigns.validation.templateRequired' } });
    const template = { name: 'promo', language: 'pt_BR', params: [{ variable: 'nome' }, { text: 'BF10' }] };
    const r = buildCampaignBody({ ...filled(), messages: ['', '', '', '', ''], template }, 'wppoficial', all);
    expect(r.ok && r.body.template).toEqual(template);
    // A template picked before switching to a session connection is not sent.
    const back = buildCampaignBody({ ...filled(), template }, 'sandbox', all);
    expect(back.ok && back.body.template).toBeNull();
  });
});

describe('times in the company time zone (America/Sao_Paulo)', () => {
  it('shows and edits the wall time there, whatever the browser', () => {
    expect(wallInput('2026-03-10T12:00:00Z')).toBe('2026-03-10T09:00:00');
    expect(formatWhen('2026-03-10T12:05:00Z')).toBe('10/03/2026 09:05');
    expect(formatWhen(null)).toBe('');
    expect(formFromCampaign(campaign({ scheduledAt: '2026-03-10T23:30:00Z' })).scheduledAt).toBe('2026-03-10T20:30:00');
  });
});
