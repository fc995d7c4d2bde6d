/**
 * A read started now and awaited later, beside other work: until that await, its failure is not
 * reported as an unhandled rejection (which would end the process); the await still throws it.
 */
export function ahead<T>(read: Promise<T>): Promise<T> {
  read.catch(() => undefined);
  return read;
}
