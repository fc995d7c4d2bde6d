/**
 * The built SPA: files from webDist, index.html for extension-less paths (client routes),
 * long cache for hashed /assets/*, no-cache for index.html, gzip when the client accepts it.
 */
import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream';
import { createGzip } from 'node:zlib';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.mp3': 'audio/mpeg',
  '.ogg': 'audio/ogg',
  '.wav': 'audio/wav',
  '.mp4': 'video/mp4',
  '.pdf': 'application/pdf',
  '.wasm': 'application/wasm',
};
const COMPRESSIBLE = /^(text\/|application\/(json|javascript|manifest\+json)|image\/svg)/;

export type StaticFiles = (req: IncomingMessage, res: ServerResponse, pathname: string) => void;

function fileAt(root: string, rel: string): { file: string; stat: Stats } | undefined {
  const file = path.resolve(root, '.' + rel);
  if (file !== root && !file.startsWith(root + path.sep)) return undefined;
  try {
    const stat = statSync(file);
    return stat.isFile() ? { file, stat } : undefined;
  } catch {
    return undefined;
  }
}

export function createStaticFiles(webDist: string): StaticFiles {
  const root = path.resolve(webDist);
  return (req, res, pathname) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Method not allowed\n');
    }
    if (!existsSync(path.join(root, 'index.html'))) {
      res.writeHead(pathname === '/' ? 200 : 404, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      return void res.end(`Conversa: the web app is not built (no ${path.join(root, 'index.html')}).\nRun: npm run build -w @conversa/web\nThe API is up at /api.\n`);
    }
    let rel: string;
    try {
      rel = decodeURIComponent(pathname);
    } catch {
      res.writeHead(400);
      return void res.end();
    }
    if (rel.includes('\0')) {
      res.writeHead(400);
      return void res.end();
    }
    let found = rel.endsWith('/') ? fileAt(root, rel + 'index.html') : fileAt(root, rel);
    if (!found && !path.posix.extname(rel)) found = fileAt(root, '/index.html');
    if (!found) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      return void res.end('Not found\n');
    }
    const { file, stat } = found;
    const ext = path.extname(file).toLowerCase();
    const type = TYPES[ext] ?? 'application/octet-stream';
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const immutable = rel.startsWith('/assets/') && file !== path.join(root, 'index.html');
    const headers: Record<string, string> = {
      'content-type': type,
      'cache-control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      etag,
      'last-modified': stat.mtime.toUTCString(),
      vary: 'accept-encoding',
    };
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      return void res.end();
    }
    const gzip = COMPRESSIBLE.test(type) && stat.size > 1024 && /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
    if (gzip) headers['content-encoding'] = 'gzip';
    else headers['content-length'] = String(stat.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') return void res.end();
    const stream = createReadStream(file);
    if (gzip) pipeline(stream, createGzip(), res, () => undefined);
    else pipeline(stream, res, () => undefined);
  };
}
