import { describe, expect, it } from 'vitest';
import { isScheduleMedia, ScheduleBody, UpdateScheduleBody } from './schedules';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('a schedule (spec 3 §5)', () => {
  const ok = { body: 'Lembrete da consulta', sendAt: '2026-11-27T12:00:00.000-03:00', contactId: 7 };

  it('takes body, sendAt (an instant with its offset), contactId, and the optional user, connection, recurrence, lane and file', () => {
    expect(ScheduleBody.parse(ok)).toEqual(ok);
    const full = { ...ok, userId: 2, whatsappId: 3, daysR: 30, campId: 4, media: { key: 'companies/1/uploads/x/a.png', filename: 'a.png', mimetype: 'image/png' } };
    expect(ScheduleBody.parse(full)).toEqual(full);
  });

  it("refuses a body under 5 characters ('Mensagem muito curta'), a missing or empty sendAt ('Obrigatório'), a missing contact", () => {
    expect(messages(ScheduleBody.safeParse({ ...ok, body: ' oi  ' }))).toEqual({ body: 'Mensagem muito curta' });
    expect(messages(ScheduleBody.safeParse({ ...ok, sendAt: '' }))).toEqual({ sendAt: 'Obrigatório' });
    expect(Object.keys(messages(ScheduleBody.safeParse({ body: ok.body, contactId: 7 })))).toEqual(['sendAt']);
    expect(Object.keys(messages(ScheduleBody.safeParse({ body: ok.body, sendAt: ok.sendAt })))).toEqual(['contactId']);
  });

  it('refuses a time that is not an instant, a recurrence beyond 30 days, unknown fields', () => {
    expect(ScheduleBody.safeParse({ ...ok, sendAt: '27/11/2026 12:00' }).success).toBe(false);
    expect(ScheduleBody.safeParse({ ...ok, sendAt: '2026-11-27T12:00:00' }).success).toBe(false);
    expect(ScheduleBody.safeParse({ ...ok, daysR: 31 }).success).toBe(false);
    expect(ScheduleBody.safeParse({ ...ok, companyId: 2 }).success).toBe(false);
    expect(UpdateScheduleBody.safeParse({ status: 'ENVIADA' }).success).toBe(false);
  });

  it('attachments: .png .jpg .jpeg .mp4 .mp3 .ogg with their own types only', () => {
    expect(isScheduleMedia('foto.PNG', 'image/png')).toBe(true);
    expect(isScheduleMedia('foto.jpeg', 'image/jpeg')).toBe(true);
    expect(isScheduleMedia('video.mp4', 'video/mp4')).toBe(true);
    expect(isScheduleMedia('audio.mp3', 'audio/mpeg')).toBe(true);
    expect(isScheduleMedia('voz.ogg', 'audio/ogg; codecs=opus')).toBe(true);
    expect(isScheduleMedia('foto.png', 'image/jpeg')).toBe(false);
    expect(isScheduleMedia('doc.pdf', 'application/pdf')).toBe(false);
    expect(isScheduleMedia('filme.avi', 'video/x-msvideo')).toBe(false);
  });
});
