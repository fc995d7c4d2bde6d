/**
 * The table client's DynamoDB calls in this process, counted in round trips: a round trip (a
 * "wave") starts when a call leaves while none is in flight, so calls sent together share one.
 */
import { db } from '../../functions/src/adapters/db/client';

export class RoundTrips {
  private waves: string[][] = [];
  private inFlight = 0;
  /** Calls made while off are not counted (a warm-up, the test's own set-up). */
  counting = true;

  constructor(private readonly name: string) {
    db().middlewareStack.add(
      (next, ctx) => async (args) => {
        if (!this.counting) return next(args);
        if (this.inFlight++ === 0) this.waves.push([]);
        this.waves[this.waves.length - 1]!.push(ctx.commandName ?? '?');
        try {
          return await next(args);
        } finally {
          this.inFlight--;
        }
      },
      { step: 'initialize', name },
    );
  }

  /** The round trips since the last take (each the commands it carried), and counts anew. */
  take(): string[][] {
    const waves = this.waves;
    this.waves = [];
    return waves;
  }

  remove(): void {
    db().middlewareStack.remove(this.name);
  }
}
