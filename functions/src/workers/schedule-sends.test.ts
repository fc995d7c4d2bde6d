import type { SQSEvent } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const run = vi.hoisted(() => vi.fn());
vi.mock('../domain/schedules/send-schedules', () => ({ runSchedule: run, isLastTry: (n: number) => n >= 5 }));
const { handler } = await import('./schedule-sends');

const record = (messageId: string, body: unknown, receives = 1) => ({ messageId, receiptHandle: messageId, body: JSON.stringify(body), attributes: { ApproximateReceiveCount: String(receives) }, messageAttributes: {} });
const job = (id: number) => ({ companyId: 3, scheduleId: id, sendAt: '2026-11-26T22:00:00.000Z' });

describe('the schedule sender worker', () => {
  beforeEach(() => {
    run.mockReset();
  });

  it('runs each job with its queue message id as the claim owner; a failing record alone is retried', async () => {
    run.mockImplementation(async (j: { scheduleId: number }) => {
      if (j.scheduleId === 2) throw new Error('throttled');
      return 'sent';
    });
    const out = await handler({ Records: [record('m1', job(1)), record('m2', job(2)), record('m3', job(3))] } as unknown as SQSEvent, {} as never);
    expect(out).toEqual({ batchItemFailures: [{ itemIdentifier: 'm2' }] });
    expect(run).toHaveBeenCalledWith(job(1), 'm1', { final: false });
    expect(run).toHaveBeenCalledWith(job(3), 'm3', { final: false });
  });

  it("on the queue's last try the run is told to record ERRO rather than throw", async () => {
    run.mockResolvedValue('failed');
    await handler({ Records: [record('m9', job(9), 5)] } as unknown as SQSEvent, {} as never);
    expect(run).toHaveBeenCalledWith(job(9), 'm9', { final: true });
  });

  it('a malformed job is dropped, not retried', async () => {
    const out = await handler({ Records: [record('bad', { companyId: 'x' }), { ...record('worse', {}), body: '{' }] } as unknown as SQSEvent, {} as never);
    expect(out).toEqual({ batchItemFailures: [] });
    expect(run).not.toHaveBeenCalled();
  });
});
