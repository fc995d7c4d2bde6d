/** A failed API call: HTTP status plus the `{ error, message, issues }` body when there was one. */
export type ApiIssue = { path: string; message: string };

export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly issues: ApiIssue[] | undefined;

  constructor(status: number, code: string | undefined, message: string, issues?: ApiIssue[]) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.issues = issues;
  }
}

export function isApiError(err: unknown): err is ApiError {
  return err instanceof ApiError;
}

/** No answer at all (server down, offline). */
export const NETWORK_ERROR_STATUS = 0;
