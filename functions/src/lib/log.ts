import { env } from './config';

const order = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 } as const;
type Level = Exclude<keyof typeof order, 'silent'>;

function write(level: Level, msg: string, data?: Record<string, unknown>): void {
  if (order[level] < order[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ level, msg, ...data, time: new Date().toISOString() });
  (level === 'error' || level === 'warn' ? process.stderr : process.stdout).write(line + '\n');
}

/** Structured JSON logs, one line each (CloudWatch reads them as-is). */
export const log = {
  debug: (msg: string, data?: Record<string, unknown>) => write('debug', msg, data),
  info: (msg: string, data?: Record<string, unknown>) => write('info', msg, data),
  warn: (msg: string, data?: Record<string, unknown>) => write('warn', msg, data),
  error: (msg: string, data?: Record<string, unknown>) => write('error', msg, data),
};
