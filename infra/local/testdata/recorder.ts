/** What the test handlers received, shared with the tests through globalThis (same process). */
type Rec = { events: unknown[] };

export function recorder(name: string): Rec {
  const g = globalThis as unknown as Record<string, Rec>;
  g[`__local_test_${name}`] ??= { events: [] };
  return g[`__local_test_${name}`]!;
}
