import { describe, expect, it } from 'vitest';
import { schedulePreview } from '@conversa/shared/schemas/schedules';
import { buildScheduleBody, capitalised, emptyScheduleForm, formatSendAt, scheduleFileType, toLocalInput } from './schedule-form';

describe('the schedule dialog', () => {
  it('starts at now plus 5 minutes', () => {
    const now = new Date(2026, 10, 26, 21, 58, 30);
    expect(emptyScheduleForm(null, now).sendAt).toBe('2026-11-26T22:03:30');
  });

  it("refuses a body under 5 characters ('Mensagem muito curta'), a missing contact and a missing time ('Obrigatório')", () => {
    const r = buildScheduleBody({ contact: null, body: ' oi ', sendAt: '', daysR: '0' });
    expect(r).toEqual({ ok: false, errors: { body: 'schedules.validation.tooShort', contact: 'schedules.validation.required', sendAt: 'schedules.validation.required' } });
    expect(buildScheduleBody({ contact: { id: 1, name: 'A' }, body: 'Olá!!', sendAt: '2026-11-26T22:03:30', daysR: '31' })).toMatchObject({ ok: false, errors: { daysR: 'schedules.validation.daysR' } });
  });

  it('sends the local time as an instant, the recurrence as a number', () => {
    const local = toLocalInput(new Date(Date.UTC(2026, 10, 27, 12, 0, 5)));
    const r = buildScheduleBody({ contact: { id: 9, name: 'Maria' }, body: '  Lembrete  ', sendAt: local, daysR: '7' });
    expect(r).toEqual({ ok: true, body: { body: 'Lembrete', sendAt: '2026-11-27T12:00:05.000Z', contactId: 9, daysR: 7 } });
  });

  it('accepts the spec\'s attachment types only', () => {
    expect(scheduleFileType({ name: 'foto.JPG', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(scheduleFileType({ name: 'audio.mp3', type: '' })).toBe('audio/mpeg');
    expect(scheduleFileType({ name: 'voz.ogg', type: 'audio/ogg' })).toBe('audio/ogg');
    expect(scheduleFileType({ name: 'doc.pdf', type: 'application/pdf' })).toBeUndefined();
    expect(scheduleFileType({ name: 'filme.avi', type: 'video/x-msvideo' })).toBeUndefined();
  });
});

describe('the schedules list', () => {
  it('shows DD/MM/YYYY HH:mm:ss, the status capitalised, the body cut at 25 characters', () => {
    expect(formatSendAt(new Date(2026, 0, 5, 7, 8, 9).toISOString())).toBe('05/01/2026 07:08:09');
    expect(capitalised('PENDENTE')).toBe('Pendente');
    expect(capitalised('ERRO')).toBe('Erro');
    expect(schedulePreview('Lembrete da sua consulta amanhã às 9h')).toBe('Lembrete da sua consulta …');
    expect(schedulePreview('Curto')).toBe('Curto');
  });
});
