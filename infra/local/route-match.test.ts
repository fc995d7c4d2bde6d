import { describe, expect, it } from 'vitest';
import { ROUTES } from '@conversa/functions/http/routes';
import { createRouter, splitPath } from './route-match';

const routes = [
  { method: 'GET', path: '/users', group: 'users' },
  { method: 'POST', path: '/users', group: 'users' },
  { method: 'GET', path: '/users/{id}', group: 'users' },
  { method: 'PUT', path: '/users/{id}', group: 'users' },
  { method: 'GET', path: '/users/list', group: 'users' },
  { method: 'POST', path: '/resetpasswords/{email}/{token}/{newPassword}', group: 'auth' },
  { method: 'GET', path: '/files/{key+}', group: 'files' },
  { method: 'GET', path: '/files/special/{name}', group: 'files' },
  { method: 'ANY', path: '/any/{x}', group: 'any' },
  { method: 'DELETE', path: '/any/{x}', group: 'any' },
] as const;
const match = createRouter(routes);

describe('route matching', () => {
  it('matches static paths and params', () => {
    expect(match('GET', '/users')).toMatchObject({ kind: 'found', routeKey: 'GET /users' });
    expect(match('GET', '/users/42')).toEqual({ kind: 'found', route: routes[2], routeKey: 'GET /users/{id}', params: { id: '42' } });
  });

  it('lets a static segment beat a {param}, whatever the table order', () => {
    expect(match('GET', '/users/list')).toMatchObject({ routeKey: 'GET /users/list', params: {} });
    const reversed = createRouter([...routes].reverse());
    expect(reversed('GET', '/users/list')).toMatchObject({ routeKey: 'GET /users/list' });
    expect(reversed('GET', '/users/7')).toMatchObject({ routeKey: 'GET /users/{id}' });
  });

  it('matches a param route of the right method when the static one has another method', () => {
    expect(match('PUT', '/users/list')).toMatchObject({ routeKey: 'PUT /users/{id}', params: { id: 'list' } });
  });

  it('answers 404 for unknown paths and 405 for known paths with another method', () => {
    expect(match('GET', '/nope')).toEqual({ kind: 'not-found' });
    expect(match('GET', '/users/1/extra')).toEqual({ kind: 'not-found' });
    expect(match('DELETE', '/users')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'POST'] });
    expect(match('DELETE', '/users/5')).toEqual({ kind: 'method-not-allowed', allowed: ['GET', 'PUT'] });
  });

  it('URL-decodes path parameters', () => {
    expect(match('POST', '/resetpasswords/ana%40x.com/t%2Fk/p%C3%A1ss%20word')).toMatchObject({
      params: { email: 'ana@x.com', token: 't/k', newPassword: 'páss word' },
    });
  });

  it('supports greedy {proxy+} with lower precedence than params', () => {
    expect(match('GET', '/files/a/b/c.png')).toMatchObject({ routeKey: 'GET /files/{key+}', params: { key: 'a/b/c.png' } });
    expect(match('GET', '/files/special/x')).toMatchObject({ routeKey: 'GET /files/special/{name}' });
    expect(match('GET', '/files')).toEqual({ kind: 'not-found' });
  });

  it('prefers an exact method over ANY', () => {
    expect(match('DELETE', '/any/1')).toMatchObject({ routeKey: 'DELETE /any/{x}' });
    expect(match('PATCH', '/any/1')).toMatchObject({ routeKey: 'ANY /any/{x}' });
  });

  it('ignores a trailing slash and splits paths', () => {
    expect(match('GET', '/users/')).toMatchObject({ routeKey: 'GET /users' });
    expect(splitPath('/')).toEqual([]);
    expect(splitPath('/a//b')).toEqual(['a', '', 'b']);
  });

  it('routes every entry of the real route table to itself', () => {
    const real = createRouter(ROUTES);
    for (const r of ROUTES) {
      const path = r.path.replace(/\{[^}]+\}/g, 'x1');
      const m = real(r.method, path);
      expect(m.kind).toBe('found');
      if (m.kind === 'found') expect(m.route.group).toBe(r.group);
    }
  });
});
