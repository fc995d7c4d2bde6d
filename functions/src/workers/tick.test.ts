import type { Context } from 'aws-lambda';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const jobs = vi.hoisted(() => ({ sweep: vi.fn(), autoClose: vi.fn(), ratings: vi.fn(), invoices: vi.fn(), schedules: vi.fn(), tags: vi.fn(), campaigns: vi.fn() }));
vi.mock('../domain/users/online', () => ({ sweepOnlineUsers: jobs.sweep }));
vi.mock('../domain/tickets/auto-close', () => ({ closeIdleTickets: jobs.autoClose }));
vi.mock('../domain/ratings/expire-rating-waits', () => ({ expireRatingWaits: jobs.ratings }));
vi.mock('../domain/billing/issue-invoices', () => ({ issueInvoices: jobs.invoices }));
vi.mock('../domain/schedules/queue-due', () => ({ queueDueSchedules: jobs.schedules }));
vi.mock('../domain/tags/tag-cleanup', () => ({ finishTagDeletions: jobs.tags }));
vi.mock('../domain/campaigns/tick', () => ({ runCampaigns: jobs.campaigns }));

const { handler } = await import('./tick');
const event = (time: string) => ({ version: '0', id: 'e', 'detail-type': 'Scheduled Event', source: 'aws.events', account: '0', time, region: 'us-east-1', resources: [], detail: {} }) as never;

describe('tick', () => {
  beforeEach(() => Object.values(jobs).forEach((j) => j.mockReset()));

  it("runs every job at the event's time; a failing job does not stop the others", async () => {
    jobs.sweep.mockResolvedValue(2);
    jobs.autoClose.mockRejectedValue(new Error('boom'));
    jobs.ratings.mockResolvedValue(1);
    jobs.invoices.mockResolvedValue(4);
    jobs.schedules.mockResolvedValue(500);
    jobs.tags.mockResolvedValue(1);
    jobs.campaigns.mockResolvedValue(7);
    const out = await handler(event('2025-03-03T12:00:00Z'), {} as Context);
    expect(out).toEqual({ offline: 2, autoClosed: 0, ratingWaitsExpired: 1, invoicesIssued: 4, schedulesQueued: 500, tagsDeleted: 1, campaignSendsQueued: 7 });
    expect(jobs.invoices).toHaveBeenCalledWith(new Date('2025-03-03T12:00:00Z'));
    expect(jobs.autoClose).toHaveBeenCalledWith(new Date('2025-03-03T12:00:00Z'));
    expect(jobs.ratings).toHaveBeenCalledWith(new Date('2025-03-03T12:00:00Z'));
    expect(jobs.schedules).toHaveBeenCalledWith(new Date('2025-03-03T12:00:00Z'));
    expect(jobs.campaigns).toHaveBeenCalledWith(new Date('2025-03-03T12:00:00Z'));
  });

  it('fails when every job failed (the tick is retried and alarmed)', async () => {
    for (const j of Object.values(jobs)) j.mockRejectedValue(new Error('down'));
    await expect(handler(event('2025-03-03T12:00:00Z'), {} as Context)).rejects.toThrow('down');
  });
});
