/** True when a `company-{id}-auth` event says this user signed in elsewhere (another session id). */
export function isReplacedSession(
  data: { action?: string; user?: { id?: number }; sessionId?: unknown },
  myId: number,
  mySessionId: string | undefined,
): boolean {
  return data.action === 'update' && data.user?.id === myId && typeof data.sessionId === 'string' && data.sessionId !== mySessionId;
}
