import { describe, expect, it } from 'vitest';
import { buildQuickMessageBody, canManageQuickMessage, checkMedia, emptyQuickMessageForm, filterQuickMessages, insertVariable } from './quick-message-form';
import type { QuickMessageView } from '@conversa/shared/schemas/quick-messages';

const q = (id: number, shortcode: string, message: string, geral = false, userId = 1): QuickMessageView => ({
  id, shortcode, message, geral, userId, mediaKey: null, mediaName: null, mediaType: null, mimetype: null, createdAt: '', updatedAt: '',
});

describe('buildQuickMessageBody (spec 3 §5)', () => {
  it('needs shortcode and message', () => {
    const r = buildQuickMessageBody(emptyQuickMessageForm);
    expect(r).toEqual({ ok: false, errors: { shortcode: 'quickMessages.required', message: 'quickMessages.required' } });
  });
  it('refuses spaces in the shortcode', () => {
    const r = buildQuickMessageBody({ ...emptyQuickMessageForm, shortcode: 'bom dia', message: 'x' });
    expect(r.ok ? undefined : r.errors.shortcode).toBe('quickMessages.noSpaces');
  });
  it('with a media the message is not needed and not sent', () => {
    const r = buildQuickMessageBody({ shortcode: 'promo', message: 'ignored', geral: true, media: { key: 'k/1.png', name: '1.png' } });
    expect(r).toEqual({ ok: true, body: { shortcode: 'promo', message: '', geral: true, mediaKey: 'k/1.png', mediaName: '1.png' } });
  });
  it('trims and clears a removed media', () => {
    const r = buildQuickMessageBody({ shortcode: ' oi ', message: ' Olá {{firstName}} ', geral: false, media: null });
    expect(r).toEqual({ ok: true, body: { shortcode: 'oi', message: 'Olá {{firstName}}', geral: false, mediaKey: null, mediaName: null } });
  });
});

describe('who manages a reply (spec 3 §6)', () => {
  const user = { id: 7, profile: 'user' as const, super: false };
  it('admins and supervisors manage all; a user only their own non-geral ones', () => {
    expect(canManageQuickMessage({ ...user, profile: 'admin' }, q(1, 'a', '', true, 1))).toBe(true);
    expect(canManageQuickMessage({ ...user, profile: 'supervisor' }, q(1, 'a', '', true, 1))).toBe(true);
    expect(canManageQuickMessage(user, q(1, 'a', '', false, 7))).toBe(true);
    expect(canManageQuickMessage(user, q(1, 'a', '', true, 7))).toBe(false);
    expect(canManageQuickMessage(user, q(1, 'a', '', false, 8))).toBe(false);
  });
});

describe('media, variables, search', () => {
  it('takes only png, jpg and jpeg images', () => {
    expect(checkMedia({ name: 'a.PNG', type: 'image/png', size: 1 })).toBe('ok');
    expect(checkMedia({ name: 'a.jpg', type: 'image/jpeg', size: 1 })).toBe('ok');
    expect(checkMedia({ name: 'a.gif', type: 'image/gif', size: 1 })).toBe('wrongType');
    expect(checkMedia({ name: 'a.png', type: 'image/png', size: 21 * 1024 * 1024 })).toBe('tooBig');
  });
  it('inserts a variable at the caret, replacing a selection', () => {
    expect(insertVariable('Olá !', 4, 4, 'firstName')).toEqual({ text: 'Olá {{firstName}}!', caret: 17 });
    expect(insertVariable('Olá XX', 4, 6, 'name')).toEqual({ text: 'Olá {{name}}', caret: 12 });
    expect(insertVariable('', 99, 99, 'date')).toEqual({ text: '{{date}}', caret: 8 });
  });
  it('searches shortcode and message case-insensitively, sorted by shortcode', () => {
    const list = [q(1, 'tchau', 'Até logo'), q(2, 'oi', 'Olá, tudo bem?'), q(3, 'pix', 'Chave PIX: x')];
    expect(filterQuickMessages(list, '').map((x) => x.shortcode)).toEqual(['oi', 'pix', 'tchau']);
    expect(filterQuickMessages(list, 'PIX').map((x) => x.id)).toEqual([3]);
    expect(filterQuickMessages(list, 'logo').map((x) => x.id)).toEqual([1]);
  });
});
