/** JSON-line logs (one object per line), with fields bound per host and per session. */
const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
export type LogLevel = keyof typeof order;

export type Log = {
  debug(msg: string, data?: Record<string, unknown>): void;
  info(msg: string, data?: Record<string, unknown>): void;
  warn(msg: string, data?: Record<string, unknown>): void;
  error(msg: string, data?: Record<string, unknown>): void;
  child(fields: Record<string, unknown>): Log;
};

export function createLog(level: LogLevel = (process.env.LOG_LEVEL as LogLevel | undefined) ?? 'info', fields: Record<string, unknown> = {}): Log {
  const min = order[level] ?? order.info;
  const write = (lvl: Exclude<LogLevel, 'silent'>, msg: string, data?: Record<string, unknown>) => {
    if (order[lvl] < min) return;
    const line = JSON.stringify({ level: lvl, msg, ...fields, ...data, time: new Date().toISOString() });
    (lvl === 'error' || lvl === 'warn' ? process.stderr : process.stdout).write(line + '\n');
  };
  return {
    debug: (m, d) => write('debug', m, d),
    info: (m, d) => write('info', m, d),
    warn: (m, d) => write('warn', m, d),
    error: (m, d) => write('error', m, d),
    child: (more) => createLog(level, { ...fields, ...more }),
  };
}

export const silentLog: Log = createLog('silent');

export function errData(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, ...(err.stack ? { stack: err.stack.split('\n').slice(0, 6).join('\n') } : {}) };
  return { message: String(err) };
}
