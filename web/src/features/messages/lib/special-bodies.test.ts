import { describe, expect, it } from 'vitest';
import { parseContactCards, parseLocation } from './special-bodies';

describe('parseLocation', () => {
  it('reads image | link | description', () => {
    const img = 'data:image/jpeg;base64,/9j/4AAQSkZJRg==';
    expect(parseLocation(`${img} | https://maps.google.com/maps?q=-23.5,-46.6 | Av. Paulista, 1000`)).toEqual({
      imageUrl: img,
      link: 'https://maps.google.com/maps?q=-23.5,-46.6',
      description: 'Av. Paulista, 1000',
    });
  });
  it('keeps pipes of the description and drops unsafe parts', () => {
    const l = parseLocation('javascript:alert(1)|javascript:alert(2)|a | b');
    expect(l.imageUrl).toBeUndefined();
    expect(l.link).toBeUndefined();
    expect(l.description).toBe('a | b');
  });
  it('has no description when only two parts come', () => {
    expect(parseLocation('|https://maps.example/x').description).toBe('');
  });
});

describe('parseContactCards', () => {
  it('reads a WhatsApp vCard: FN and the TEL numbers', () => {
    const vcard = 'BEGIN:VCARD\nVERSION:3.0\nN:Silva;Maria;;;\nFN:Maria Silva\nitem1.TEL;waid=5511999990000:+55 11 99999-0000\nitem1.X-ABLabel:Celular\nEND:VCARD';
    expect(parseContactCards(vcard)).toEqual([{ name: 'Maria Silva', numbers: ['+55 11 99999-0000'], emails: [], org: '', addresses: [] }]);
  });
  it('reads several cards and falls back to N and waid', () => {
    const two = 'BEGIN:VCARD\r\nN:Souza;João;;;\r\nTEL;type=CELL;waid=5521988887777:\r\nEND:VCARD\r\nBEGIN:VCARD\r\nFN:Ana\r\nTEL:+1 555 0100\r\nTEL:+1 555 0101\r\nEND:VCARD';
    expect(parseContactCards(two)).toEqual([
      { name: 'João Souza', numbers: ['5521988887777'], emails: [], org: '', addresses: [] },
      { name: 'Ana', numbers: ['+1 555 0100', '+1 555 0101'], emails: [], org: '', addresses: [] },
    ]);
  });
  it('keeps the whole card: e-mails, organisation with the title, addresses (escaped separators, folded lines)', () => {
    const card = [
      'BEGIN:VCARD',
      'VERSION:3.0',
      'N:Souza;Ana;;;',
      'FN:Ana Souza',
      'ORG:Empresa X;Vendas',
      'TITLE:Gerente',
      'TEL;type=CELL;waid=5511912345678:+55 11 91234-5678',
      'EMAIL;type=WORK:ana@empresa.com.br',
      'item2.EMAIL;type=INTERNET:ana.souza@example.com',
      'ADR;type=WORK:;;Av. Paulista\\, 1000\\; sala 5;São Paulo;SP;01310-100;Bra',
      ' sil',
      'URL;type=WORK:https://empresa.com.br',
      'END:VCARD',
    ].join('\r\n');
    expect(parseContactCards(card)).toEqual([
      {
        name: 'Ana Souza',
        numbers: ['+55 11 91234-5678'],
        emails: ['ana@empresa.com.br', 'ana.souza@example.com'],
        org: 'Gerente · Empresa X · Vendas',
        addresses: ['Av. Paulista, 1000; sala 5, São Paulo, SP, 01310-100, Brasil'],
      },
    ]);
  });
  it('reads plain multi-line text: name then numbers', () => {
    expect(parseContactCards('Carlos\n+55 31 98888-1111\n')).toEqual([{ name: 'Carlos', numbers: ['+55 31 98888-1111'], emails: [], org: '', addresses: [] }]);
    expect(parseContactCards('')).toEqual([]);
  });
});
