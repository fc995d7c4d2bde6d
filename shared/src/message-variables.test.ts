import { describe, expect, it } from 'vitest';
import { greetingAt, renderVariables, variableToken, type VariableContext } from './message-variables';

const ctx: VariableContext = {
  contactName: '  Maria da Silva ',
  agentName: 'Ana',
  ticketId: 42,
  ticketCreatedAt: '2025-03-09T12:00:00Z',
  queueName: 'Vendas',
  connectionName: 'Loja',
  // 2025-03-10 13:05 UTC = 10:05 in São Paulo (UTC-3)
  now: new Date('2025-03-10T13:05:00Z'),
};

describe('message variables', () => {
  it('fills every variable of spec 1 §9', () => {
    const out = renderVariables('{{greeting}}, {{firstName}}! {{name}} / {{agent}} / {{protocol}} / {{date}} {{hour}} / #{{ticketId}} / {{queue}} / {{connection}}', ctx);
    expect(out).toBe('Bom dia, Maria! Maria da Silva / Ana / 2025030942 / 10/03/2025 10:05 / #42 / Vendas / Loja');
  });

  it('uses the time zone for greeting, date and hour', () => {
    const late = { ...ctx, now: new Date('2025-03-11T01:30:00Z') }; // 22:30 on the 10th in São Paulo
    expect(renderVariables('{{greeting}} {{date}} {{hour}}', late)).toBe('Boa noite 10/03/2025 22:30');
    expect(renderVariables('{{date}} {{hour}}', { ...late, timeZone: 'UTC' })).toBe('11/03/2025 01:30');
  });

  it('greets by the hour', () => {
    expect([4, 5, 11, 12, 17, 18, 23].map(greetingAt)).toEqual(['Boa noite', 'Bom dia', 'Bom dia', 'Boa tarde', 'Boa tarde', 'Boa noite', 'Boa noite']);
  });

  it('is case-insensitive, tolerates spaces, and leaves unknown names and plain text alone', () => {
    expect(renderVariables('Oi {{ FIRSTNAME }} {{unknown}} {single} {{}}', ctx)).toBe('Oi Maria {{unknown}} {single} {{}}');
    expect(renderVariables('sem variáveis', ctx)).toBe('sem variáveis');
  });

  it('empty queue and connection become empty text', () => {
    expect(renderVariables('[{{queue}}][{{connection}}]', { ...ctx, queueName: null, connectionName: undefined })).toBe('[][]');
    expect(variableToken('firstName')).toBe('{{firstName}}');
  });
});
