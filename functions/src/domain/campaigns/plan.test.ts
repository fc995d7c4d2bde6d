import { describe, expect, it } from 'vitest';
import { isOptOutWord } from '@conversa/shared/schemas/campaigns';
import { tallyRecipients } from './counts';
import { capDay, drawsFor, fillVariables, nextDayAtStart, nextOffset, PACE_START, rollOver, seededRandom, type Pace } from './plan';

const settings = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };

function plan(n: number, s = settings, scale = 1, gen = 1): number[] {
  let pace: Pace = PACE_START;
  const out: number[] = [];
  for (let item = 1; item <= n; item++) {
    pace = nextOffset(pace, drawsFor(7, 3, gen, item, 2).jitter, s, scale);
    out.push(pace.offsetMs);
  }
  return out;
}

describe('campaign planning', () => {
  it('draws the same variant and delay for the same campaign, generation and item, and others for another', () => {
    expect(drawsFor(7, 3, 1, 42, 5)).toEqual(drawsFor(7, 3, 1, 42, 5));
    const a = Array.from({ length: 50 }, (_, i) => drawsFor(7, 3, 1, i + 1, 5).jitter);
    const b = Array.from({ length: 50 }, (_, i) => drawsFor(7, 3, 2, i + 1, 5).jitter);
    expect(a).not.toEqual(b);
    const r = seededRandom('x');
    expect(r()).not.toBe(r());
  });

  it('spreads the variants evenly', () => {
    const seen = [0, 0, 0];
    for (let i = 1; i <= 3000; i++) seen[drawsFor(1, 1, 1, i, 3).variant]!++;
    for (const n of seen) expect(n).toBeGreaterThan(850);
  });

  it('plans a random gap in [0, messageInterval] after each send: mean near half, spread uniform', () => {
    const offsets = plan(2001, { ...settings, longerIntervalAfter: 0 });
    expect(offsets[0]).toBe(0);
    const gaps = offsets.slice(1).map((o, i) => o - offsets[i]!);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...gaps)).toBeLessThanOrEqual(20_000);
    const mean = gaps.reduce((a, b) => a + b, 0) / gaps.length;
    expect(mean).toBeGreaterThan(9_300);
    expect(mean).toBeLessThan(10_700);
    const sd = Math.sqrt(gaps.reduce((a, g) => a + (g - mean) ** 2, 0) / gaps.length);
    expect(sd).toBeGreaterThan(5_000); // uniform over 20 s: ~5.8 s
    expect(sd).toBeLessThan(6_600);
  });

  it('adds greaterInterval after every longerIntervalAfter sends, and never with 0', () => {
    const offsets = plan(61);
    const gaps = offsets.slice(1).map((o, i) => o - offsets[i]!);
    gaps.forEach((g, i) => {
      const sendsBefore = i + 1;
      if (sendsBefore % 20 === 0) expect(g).toBeGreaterThanOrEqual(60_000);
      else expect(g).toBeLessThanOrEqual(20_000);
    });
    expect(plan(61, { ...settings, longerIntervalAfter: 0 }).every((o, i, a) => i === 0 || o - a[i - 1]! <= 20_000)).toBe(true);
  });

  it('scales the plan with CAMPAIGN_TIME_SCALE', () => {
    const full = plan(100);
    const fast = plan(100, settings, 0.01);
    fast.forEach((o, i) => expect(Math.abs(o - full[i]! / 100)).toBeLessThanOrEqual(100));
  });

  it('fills {nome}, {numero}, {email} and custom keys; an unknown key stays as typed', () => {
    const who = { name: 'Maria', number: '5511999990001', email: 'm@x.com' };
    expect(fillVariables('Olá {nome} ({numero}, {email}), use {cupom}! {desconhecida}', who, [{ key: 'cupom', value: 'BLACK10' }])).toBe('Olá Maria (5511999990001, m@x.com), use BLACK10! {desconhecida}');
  });

  it('rolls what the cap leaves to the next company day at the time the campaign started', () => {
    const startedAt = Date.parse('2026-03-10T12:30:00Z'); // 09:30 in São Paulo
    const planned = Date.parse('2026-03-10T23:50:00Z'); // 20:50 local, same day
    expect(capDay(planned)).toBe('2026-03-10');
    expect(capDay(Date.parse('2026-03-11T02:59:00Z'))).toBe('2026-03-10'); // still the 10th in São Paulo
    expect(new Date(nextDayAtStart(planned, startedAt)).toISOString()).toBe('2026-03-11T12:30:00.000Z');
    expect(rollOver(1_000, planned, startedAt)).toBe(1_000 + (Date.parse('2026-03-11T12:30:00Z') - planned));
    // Another zone: Lisbon (UTC+0 in March).
    expect(new Date(nextDayAtStart(planned, startedAt, 'Europe/Lisbon')).toISOString()).toBe('2026-03-11T12:30:00.000Z');
  });

  it('knows the opt-out words, whatever the case, accents and a final dot', () => {
    for (const w of ['sair', 'SAIR', ' Parar ', 'stop!', 'Cancelar.']) expect(isOptOutWord(w)).toBe(true);
    for (const w of ['sim', 'quero sair', 'ok']) expect(isOptOutWord(w)).toBe(false);
  });

  it('tallies the stream: an insert counts it, a status change moves one, a write that keeps the status counts nothing', () => {
    const t = tallyRecipients([
      { event: 'INSERT', companyId: 1, campaignId: 2, status: 'pending' },
      { event: 'INSERT', companyId: 1, campaignId: 2, status: 'invalid' },
      { event: 'MODIFY', companyId: 1, campaignId: 2, status: 'sent', prevStatus: 'pending' },
      { event: 'MODIFY', companyId: 1, campaignId: 2, status: 'sent', prevStatus: 'sent' },
      { event: 'MODIFY', companyId: 1, campaignId: 2, status: 'pending' },
    ]);
    expect(t.get('1#2')).toEqual({ total: 2, valid: 1, invalid: 1, pending: 0, sent: 1 });
  });
});
