/**
 * Business metrics in CloudWatch's embedded metric format through Powertools for AWS Lambda
 * (issue 24): counted in a handler, written as one log record when the invocation ends (the
 * `metricsContext()` middleware), so they cost no API call. Namespace `Conversa`.
 */
import { Metrics, MetricUnit } from '@aws-lambda-powertools/metrics';
import { logMetrics } from '@aws-lambda-powertools/metrics/middleware';

export const METRICS_NAMESPACE = 'Conversa';

let metrics: Metrics | undefined;

function instance(): Metrics {
  metrics ??= new Metrics({ namespace: METRICS_NAMESPACE, serviceName: 'conversa' });
  return metrics;
}

/** Adds `n` to a count of this invocation. */
export function countMetric(name: string, n = 1): void {
  if (n > 0) instance().addMetric(name, MetricUnit.Count, n);
}

/** The middy middleware that writes the invocation's counts at its end (nothing when none). */
export function metricsContext() {
  return logMetrics(instance());
}
