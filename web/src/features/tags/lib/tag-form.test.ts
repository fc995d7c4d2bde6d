import { describe, expect, it } from 'vitest';
import { buildTagBody, emptyTagForm, formFromTag } from './tag-form';

const form = (over: Partial<ReturnType<typeof emptyTagForm>> = {}) => ({ ...emptyTagForm(), ...over });

describe('tag dialog', () => {
  it('the spec\'s name rules and a hex colour', () => {
    expect(buildTagBody(form({ name: '  ' }), 0, false)).toEqual({ ok: false, errors: { name: 'tags.validation.required' } });
    expect(buildTagBody(form({ name: 'ab' }), 0, false)).toEqual({ ok: false, errors: { name: 'tags.validation.tooShort' } });
    expect(buildTagBody(form({ name: 'Nome', color: 'azul' }), 0, false)).toEqual({ ok: false, errors: { color: 'tags.validation.invalidColor' } });
    expect(buildTagBody(form({ name: ' VIP ', color: '#FF0000' }), 0, false)).toEqual({ ok: true, body: { name: 'VIP', color: '#ff0000', kanban: 0 } });
  });

  it('a tag sends no campaign fields; a lane sends them, within 0–30 days', () => {
    const lane = buildTagBody(form({ name: 'Proposta', actCamp: true, msgR: 'Olá!', rptDays: '7' }), 1, false);
    expect(lane).toEqual({ ok: true, body: { name: 'Proposta', color: emptyTagForm().color.toLowerCase(), kanban: 1, actCamp: 1, msgR: 'Olá!', rptDays: 7 } });
    expect(buildTagBody(form({ name: 'Proposta', rptDays: '31' }), 1, false)).toEqual({ ok: false, errors: { rptDays: 'tags.validation.rptDays' } });
    expect(buildTagBody(form({ name: 'Proposta', rptDays: '1.5' }), 1, false)).toEqual({ ok: false, errors: { rptDays: 'tags.validation.rptDays' } });
  });

  it('a campaign switched on needs a message or a file', () => {
    expect(buildTagBody(form({ name: 'Proposta', actCamp: true, msgR: ' ' }), 1, false)).toEqual({ ok: false, errors: { msgR: 'tags.validation.campaignEmpty' } });
    expect(buildTagBody(form({ name: 'Proposta', actCamp: true }), 1, true).ok).toBe(true);
  });

  it('an edit starts from the stored tag', () => {
    const at = '2026-11-27T10:00:00.000Z';
    expect(formFromTag({ id: 1, name: 'Lane', color: '#123456', kanban: 1, userId: 1, ticketsCount: 2, actCamp: 1, msgR: 'Oi', rptDays: 3, mediaName: null, mimetype: null, createdAt: at, updatedAt: at }))
      .toEqual({ name: 'Lane', color: '#123456', actCamp: true, msgR: 'Oi', rptDays: '3' });
  });
});
