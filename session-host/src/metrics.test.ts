import { describe, expect, it, vi } from 'vitest';
import { emfRecord, publishLoad, SESSION_METRICS_NAMESPACE } from './metrics';

describe('session host metrics (EMF)', () => {
  it('prints one embedded-metric record CloudWatch turns into SessionsWanted and SessionsRunning', () => {
    const rec = JSON.parse(emfRecord({ SessionsWanted: 37, SessionsRunning: 16 }, 1_700_000_000_000, { hostId: 'h1' }));
    expect(rec).toEqual({
      _aws: { Timestamp: 1_700_000_000_000, CloudWatchMetrics: [{ Namespace: SESSION_METRICS_NAMESPACE, Dimensions: [[]], Metrics: [{ Name: 'SessionsWanted', Unit: 'Count' }, { Name: 'SessionsRunning', Unit: 'Count' }] }] },
      hostId: 'h1',
      SessionsWanted: 37,
      SessionsRunning: 16,
    });
  });

  it('publishes every interval once a reconcile has counted, and stops', () => {
    vi.useFakeTimers();
    try {
      const lines: string[] = [];
      let wanted: number | undefined;
      const stop = publishLoad(() => ({ wanted, running: 2 }), 'h1', (l) => lines.push(l), 1000);
      vi.advanceTimersByTime(1000);
      expect(lines).toEqual([]); // nothing before the first reconcile
      wanted = 5;
      vi.advanceTimersByTime(2000);
      expect(lines.map((l) => (JSON.parse(l) as { SessionsWanted: number }).SessionsWanted)).toEqual([5, 5]);
      stop();
      vi.advanceTimersByTime(5000);
      expect(lines).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });
});
