/** One-line JSON-ish console logs for the local host; `info` is quiet unless enabled, errors always print. */
export type Logger = {
  info: (msg: string, data?: Record<string, unknown>) => void;
  warn: (msg: string, data?: Record<string, unknown>) => void;
  error: (msg: string, data?: Record<string, unknown>) => void;
  enabled: boolean;
};

function line(level: string, msg: string, data?: Record<string, unknown>): string {
  return JSON.stringify({ level, src: 'local', msg, ...data, time: new Date().toISOString() });
}

export function createLogger(enabled: boolean): Logger {
  return {
    enabled,
    info: (msg, data) => {
      if (enabled) process.stdout.write(line('info', msg, data) + '\n');
    },
    warn: (msg, data) => {
      if (enabled) process.stderr.write(line('warn', msg, data) + '\n');
    },
    error: (msg, data) => {
      process.stderr.write(line('error', msg, data) + '\n');
    },
  };
}

/** An error as plain data for a log line. */
export function errData(err: unknown): Record<string, unknown> {
  if (err instanceof Error) return { name: err.name, message: err.message, stack: err.stack };
  return { message: String(err) };
}
