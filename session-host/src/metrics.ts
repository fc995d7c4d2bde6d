/**
 * The session hosts' scaling signal (issue 24): every minute a host prints one CloudWatch embedded
 * metric format line (EMF) to stdout, which the task's awslogs driver ships and CloudWatch turns
 * into metrics, with no API call and no extra permission. `SessionsWanted` is the platform's
 * total (every host reports the same number: the service scales on its Maximum); `SessionsRunning`
 * is this host's (their Sum is what runs). The CDK's step scaling turns SessionsWanted into a task
 * count (infra/lib/stacks/session-host-stack.ts).
 */
export const SESSION_METRICS_NAMESPACE = 'Conversa/SessionHost';
export const SESSIONS_WANTED = 'SessionsWanted';
export const SESSIONS_RUNNING = 'SessionsRunning';

/** One EMF record: the metric values at top level, described under `_aws`. */
export function emfRecord(values: Record<string, number>, at = Date.now(), properties: Record<string, string> = {}): string {
  return JSON.stringify({
    _aws: { Timestamp: at, CloudWatchMetrics: [{ Namespace: SESSION_METRICS_NAMESPACE, Dimensions: [[]], Metrics: Object.keys(values).map((Name) => ({ Name, Unit: 'Count' })) }] },
    ...properties,
    ...values,
  });
}

/** Prints the host's load every `everyMs` (a reconcile must have run first); returns the stop function. */
export function publishLoad(load: () => { wanted: number | undefined; running: number }, hostId: string, write: (line: string) => void = (l) => void process.stdout.write(`${l}\n`), everyMs = 60_000): () => void {
  const tick = () => {
    const { wanted, running } = load();
    if (wanted === undefined) return;
    write(emfRecord({ [SESSIONS_WANTED]: wanted, [SESSIONS_RUNNING]: running }, Date.now(), { hostId }));
  };
  const timer = setInterval(tick, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
