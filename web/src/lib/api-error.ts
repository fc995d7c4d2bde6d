/** A failed API call: HTTP status plus the `{ error, message, issues }` body when there was one. */
export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[] | undefined;
  /** What the server named to act on the error (ERR_OTHER_OPEN_TICKET: `{ ticketId, uuid }`). */
  readonly details: Record<string, unknown> | undefined;

  constructor(status: number, code: string | undefined, message: string, issues?: ApiIssue[], details?: Record<string, unknown>) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
    this.details = details;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** The ticket in the way of ERR_OTHER_OPEN_TICKET, as the server named it. */
export function otherOpenTicket(err: unknown): { id: number; uuid: string } | undefined {
  if (!isApiError(err) || err.code !== 'ERR_OTHER_OPEN_TICKET') return undefined;
  const d = err.details ?? {};
  return typeof d.ticketId === 'number' && typeof d.uuid === 'string' ? { id: d.ticketId, uuid: d.uuid } : undefined;
}

/** No answer at all (server down, offline). */
export const NETWORK_ERROR_STATUS = 0;
