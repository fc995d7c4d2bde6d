import { describe, expect, it } from 'vitest';
import { removeConnection, upsertConnection } from './connections-cache';
import { makeConnection } from '../../../test/make-connection';

describe('connections cache edits', () => {
  const a = makeConnection({ id: 1, isDefault: true, status: 'CONNECTED' });
  const b = makeConnection({ id: 2, isDefault: false, status: 'OPENING', token: 'secret' });

  it('a session event updates status and QR and keeps the token it does not carry', () => {
    const { token: _t, ...session } = makeConnection({ id: 2, isDefault: false, status: 'qrcode', qrcode: 'QR-TEXT' });
    const next = upsertConnection([a, b], session);
    expect(next?.[1]).toMatchObject({ status: 'qrcode', qrcode: 'QR-TEXT', token: 'secret' });
    expect(next?.[0]).toBe(a);
  });
  it('a new connection joins in id order; a partial unknown one is ignored', () => {
    const c = makeConnection({ id: 3, isDefault: false });
    expect(upsertConnection([a, b], c)?.map((x) => x.id)).toEqual([1, 2, 3]);
    expect(upsertConnection([a, b], { id: 9, status: 'CONNECTED' })?.map((x) => x.id)).toEqual([1, 2]);
  });
  it('a new default unsets the old one', () => {
    const next = upsertConnection([a, b], { ...b, isDefault: true });
    expect(next?.map((x) => x.isDefault)).toEqual([false, true]);
  });
  it('nothing cached stays nothing; delete removes by id', () => {
    expect(upsertConnection(undefined, a)).toBeUndefined();
    expect(removeConnection([a, b], 1)).toEqual([b]);
  });
});
