import { ERRORS, type ErrorCode } from '@conversa/shared/errors';

export type Issue = { path: string; message: string };

/** A failure the caller can act on: its code picks the status and the translated text. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly issues?: Issue[],
    status?: number,
    readonly details?: Record<string, unknown>,
  ) {
    // The code is the message (logs, stacks); the caller's language is chosen when answering (lib/http.ts).
    super(code);
    this.status = status ?? ERRORS[code].status;
  }
}
