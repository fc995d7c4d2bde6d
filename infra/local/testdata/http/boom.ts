/** A handler that throws (handlers normally never do). */
export const handler = async (): Promise<never> => {
  throw new Error('boom');
};
