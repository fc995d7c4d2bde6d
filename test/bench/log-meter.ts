/**
 * The functions' log lines, counted instead of printed (issue 24's cost line): every JSON line the
 * Powertools logger writes (stdout for info, stderr for warnings and errors) adds its bytes to its
 * function's count; anything else passes through. On AWS the platform's own lines (START, END,
 * REPORT) are held back by the functions' system log level (WARN, app-function.ts), so what the
 * handlers write is what CloudWatch ingests.
 */
const counts = new Map<string, number>();

function intercept(stream: NodeJS.WriteStream): void {
  const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
  stream.write = ((chunk: string | Uint8Array, ...rest: unknown[]) => {
    const text = typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8');
    if (text.startsWith('{"level":') && text.includes('"service":"conversa"')) {
      let fn = 'unknown';
      try {
        fn = String((JSON.parse(text) as { function_name?: string }).function_name ?? 'unknown');
      } catch {
        // a line cut in two still counts its bytes
      }
      counts.set(fn, (counts.get(fn) ?? 0) + Buffer.byteLength(text));
      return true;
    }
    return write(chunk, ...rest);
  }) as typeof stream.write;
}

let installed = false;

/** Starts counting (once per process); answers a reader of the bytes so far per function. */
export function meterLogs(): () => ReadonlyMap<string, number> {
  if (!installed) {
    installed = true;
    intercept(process.stdout);
    intercept(process.stderr);
  }
  return () => new Map(counts);
}
