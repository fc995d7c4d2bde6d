import { describe, expect, it, vi } from 'vitest';
import middy from '@middy/core';
import type { Context } from 'aws-lambda';
import { countMetric, metricsContext, METRICS_NAMESPACE } from './metrics';

describe('metrics (EMF through Powertools)', () => {
  it('writes the invocation’s counts as one embedded-metric record when it ends', async () => {
    const lines: string[] = [];
    const spy = vi.spyOn(process.stdout, 'write').mockImplementation((l: string | Uint8Array) => (lines.push(String(l)), true));
    try {
      const handler = middy<{ n: number }, void>()
        .use(metricsContext())
        .handler(async (e) => {
          countMetric('Inbound_message', e.n);
          countMetric('Inbound_message');
          countMetric('Nothing', 0);
        });
      await handler({ n: 2 }, { functionName: 'fn' } as unknown as Context);
    } finally {
      spy.mockRestore();
    }
    const records = lines.filter((l) => l.includes('"_aws"')).map((l) => JSON.parse(l) as Record<string, any>);
    expect(records).toHaveLength(1);
    expect(records[0]!._aws.CloudWatchMetrics[0]).toMatchObject({ Namespace: METRICS_NAMESPACE, Metrics: [{ Name: 'Inbound_message', Unit: 'Count' }] });
    // Two values of one metric are both kept (CloudWatch's Sum is 3).
    expect(records[0]!.Inbound_message).toEqual([2, 1]);
    expect(records[0]).not.toHaveProperty('Nothing');
  });
});
