/**
 * The per-message cost model (issue 24): what 1M inbound messages cost on AWS, from the units
 * the pipeline bench measured and a price table (us-east-1, on-demand, as published 2025-2026;
 * edit PRICES for another region). A transaction's write units are the meter's own count of what
 * AWS bills (functions/src/adapters/db/tx-units.ts), not DynamoDB Local's figure.
 */
export const PRICES = {
  /** DynamoDB on-demand, per million write / read request units. */
  dynamoWrite: 0.625,
  dynamoRead: 0.125,
  /** SQS FIFO, per million requests (64 KB each). */
  sqsFifo: 0.5,
  /** Lambda arm64, per GB-second and per million requests. */
  lambdaGbSecond: 0.0000133334,
  lambdaRequest: 0.2,
  /** CloudWatch Logs ingestion, per GB. */
  logsGb: 0.5,
} as const;

export type MeasuredPath = { wcu: number; rcu: number; streamWcu: number; streamRcu: number };

export type CostInputs = {
  /** Units per message on an existing ticket and on a new contact + ticket. */
  existing: MeasuredPath;
  fresh: MeasuredPath;
  /** Share of messages that open a new contact and ticket. */
  newShare: number;
  /** The inbound worker's memory (MB) and its milliseconds per message (measured CPU as the upper bound). */
  workerMb: number;
  workerMsPerMessage: number;
  /** SQS requests per message, measured (the host's batched sends; the event source's receive and batch delete per batch). */
  sqsRequestsPerMessage: number;
  /** Lambda invocations per message, measured (one per batch of up to 10). */
  invocationsPerMessage: number;
  /** Log bytes per message. */
  logBytesPerMessage: number;
};

/** Dollars per million messages, by line and in all. */
export function costPerMillion(c: CostInputs): { lines: [string, number][]; total: number } {
  const mix = (k: keyof MeasuredPath) => c.newShare * c.fresh[k] + (1 - c.newShare) * c.existing[k];
  const lines: [string, number][] = [
    ['DynamoDB writes', (mix('wcu') + mix('streamWcu')) * PRICES.dynamoWrite],
    ['DynamoDB reads', (mix('rcu') + mix('streamRcu')) * PRICES.dynamoRead],
    ['SQS (FIFO)', c.sqsRequestsPerMessage * PRICES.sqsFifo],
    ['Lambda compute', (c.workerMb / 1024) * (c.workerMsPerMessage / 1000) * 1_000_000 * PRICES.lambdaGbSecond],
    ['Lambda requests', c.invocationsPerMessage * PRICES.lambdaRequest],
    ['CloudWatch Logs', (c.logBytesPerMessage * 1_000_000 / 1024 ** 3) * PRICES.logsGb],
  ];
  return { lines, total: lines.reduce((a, [, v]) => a + v, 0) };
}

export function costLines(c: CostInputs): string[] {
  const { lines, total } = costPerMillion(c);
  return [
    '',
    `Cost of 1M inbound messages at ${Math.round(c.newShare * 100)} % new tickets (us-east-1 prices in test/bench/cost.ts; target ≤ $5; Fargate and X-Ray not per message)`,
    ...lines.map(([name, v]) => `  ${name.padEnd(18)} $${v.toFixed(2)}`),
    `  ${'total'.padEnd(18)} $${total.toFixed(2)}`,
  ];
}
