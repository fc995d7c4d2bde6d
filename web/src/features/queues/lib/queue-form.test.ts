import { describe, expect, it } from 'vitest';
import { addOption, newOption } from './chatbot-tree';
import { buildQueueBody, emptyQueueForm, isHexColor } from './queue-form';

const base = () => ({ ...emptyQueueForm(), name: 'Vendas', color: '#1565C0' });

describe('queue form', () => {
  it('builds the body with nulls for empty integrations and order', () => {
    const r = buildQueueBody({ ...base(), greetingMessage: 'Olá!', orderQueue: '2' }, 'create', false);
    expect(r).toMatchObject({ ok: true, body: { name: 'Vendas', color: '#1565C0', greetingMessage: 'Olá!', orderQueue: 2, typebotUrl: null, urlFlow: null, chatbots: [] } });
    expect((r as { body: object }).body).not.toHaveProperty('schedules');
  });

  it("spec 2 §5: name 2–50, colour required and a hex colour, typebot fields 2–100", () => {
    const r = buildQueueBody({ ...base(), name: 'V', color: 'blue', typebotUrl: 'x', orderQueue: '1000' }, 'create', false);
    expect(r).toMatchObject({ ok: false, errors: { name: 'validation.tooShort', color: 'queues.modal.invalidColor', typebotUrl: 'validation.tooShort', orderQueue: 'queues.modal.orderRange' } });
    expect(buildQueueBody({ ...base(), color: '' }, 'edit', false)).toMatchObject({ ok: false, errors: { color: 'validation.required' } });
    expect(isHexColor('#abc')).toBe(true);
    expect(isHexColor('#0B7A75CC')).toBe(true);
    expect(isHexColor('#0B7A7')).toBe(false);
  });

  it("an option name under 4 characters stops the save ('muito curto')", () => {
    const opt = { ...newOption(), name: 'Pla' };
    const r = buildQueueBody({ ...base(), chatbots: addOption([], [], opt) }, 'create', false);
    expect(r).toMatchObject({ ok: false, optionErrors: { [opt.key]: 'queues.chatbot.tooShort' } });
  });

  it('sends the hours only when the hours tab is shown and was edited', () => {
    const edited = { ...base(), hoursTouched: true };
    expect((buildQueueBody(edited, 'edit', false) as { body: object }).body).not.toHaveProperty('schedules');
    const r = buildQueueBody(edited, 'edit', true);
    expect(r.ok && (r.body as { schedules: unknown[] }).schedules).toHaveLength(7);
  });
});
