/** Error bodies of the local gateways, with the texts of the shared catalogue. */
import type { ServerResponse } from 'node:http';
import { ERRORS, LANGS, type Lang } from '@conversa/shared/errors';
import { ERROR_TEXTS } from '@conversa/shared/error-texts/index';

export function pickLang(header: string | undefined): Lang {
  for (const part of (header ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if ((LANGS as readonly string[]).includes(tag)) return tag as Lang;
  }
  return 'pt';
}

export type GatewayError = 'ERR_NOT_FOUND' | 'ERR_METHOD_NOT_ALLOWED' | 'ERR_PAYLOAD_TOO_LARGE' | 'ERR_INTERNAL' | 'ERR_SERVICE_UNAVAILABLE';

export function errorBody(code: GatewayError, lang: Lang): { error: GatewayError; message: string } {
  return { error: code, message: ERROR_TEXTS[lang][code] };
}

export function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'content-length': String(Buffer.byteLength(text)),
    ...headers,
  });
  res.end(text);
}

export function sendError(res: ServerResponse, code: GatewayError, acceptLanguage: string | undefined, headers?: Record<string, string>): void {
  sendJson(res, ERRORS[code].status, errorBody(code, pickLang(acceptLanguage)), headers);
}
