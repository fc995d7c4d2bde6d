/** True when a `company-{id}-auth` event says this user signed in elsewhere (another session id). */
export function isReplacedSession(
  data: { action?: string; user?: { id?: number }; sessionId?: unknown },
  myId: number,
  mySessionId: string | undefined,
): boolean {
  return data.action === 'update' && data.user?.id === myId && typeof data.sessionId === 'string' && data.sessionId !== mySessionId;
}

/** True when a `company-{id}-auth` event says the server ended this very session (logout elsewhere, new password). */
export function isEndedSession(data: { action?: string; sessionId?: unknown }, mySessionId: string | undefined): boolean {
  return data.action === 'ended' && typeof data.sessionId === 'string' && data.sessionId === mySessionId;
}
