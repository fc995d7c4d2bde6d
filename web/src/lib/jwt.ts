/** Reads (never verifies) the payload of a JWT: the server verifies, the SPA only needs claims. */
export type AccessPayload = { sub?: string; cid?: number; sid?: string; exp?: number; iat?: number };

export function decodeJwt(token: string | null | undefined): AccessPayload | undefined {
  if (!token) return undefined;
  const part = token.split('.')[1];
  if (!part) return undefined;
  try {
    const b64 = part.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const json: unknown = JSON.parse(new TextDecoder().decode(bytes));
    return json && typeof json === 'object' ? (json as AccessPayload) : undefined;
  } catch {
    return undefined;
  }
}

/** The session id (`sid` claim) the server stamps on `company-{id}-auth` events. */
export function sessionIdOf(token: string | null | undefined): string | undefined {
  const sid = decodeJwt(token)?.sid;
  return typeof sid === 'string' ? sid : undefined;
}

export function isExpired(token: string | null | undefined, nowMs: number = Date.now()): boolean {
  const exp = decodeJwt(token)?.exp;
  return typeof exp === 'number' && exp * 1000 <= nowMs;
}
