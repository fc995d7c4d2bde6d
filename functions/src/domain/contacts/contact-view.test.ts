import { describe, expect, it } from 'vitest';
import { contactView, maskNumber } from './contact-view';
import type { Contact } from '../../adapters/db/contacts';

describe('contact numbers for non-admins', () => {
  it('keep the last four digits and hide at least four', () => {
    expect(maskNumber('5511900001111')).toBe('55119****1111');
    expect(maskNumber('551187654321')).toBe('5511****4321');
    expect(maskNumber('14155550123')).toBe('141****0123');
    expect(maskNumber('12345678')).toBe('****5678');
    expect(maskNumber('120363025@g.us')).toBe('120363025@g.us');
  });

  it('groups keep their chat id; the view fills defaults', () => {
    const c = { id: 3, companyId: 1, name: 'Grupo', number: '120363025', email: '', channel: 'whatsapp', isGroup: true, profilePicUrl: '', disableBot: false, acceptAudioMessage: true, active: true, extraInfo: [{ name: 'a', value: 'b' }], altIds: [], createdAt: 'x', updatedAt: 'y' } satisfies Contact;
    expect(contactView(c, { masked: true })).toMatchObject({ number: '120363025', empresa: '', extraInfo: [{ id: '1', name: 'a', value: 'b' }] });
    expect(contactView({ ...c, isGroup: false, number: '5511900001111' }, { masked: true }).number).toBe('55119****1111');
  });
});
