import { describe, expect, it } from 'vitest';
import { fitsType } from './file-signature';

const hex = (h: string) => Buffer.from(h.replace(/\s/g, ''), 'hex');
const PNG = hex('89504e470d0a1a0a 0000000d49484452');
const JPEG = hex('ffd8ffe000104a464946');
const PE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62, 0x90)]);
const ELF = hex('7f454c46020101000000');
const MP4 = Buffer.concat([hex('00000020'), Buffer.from('ftypisom'), Buffer.alloc(8)]);
const OGG = Buffer.from('OggS\0\x02\0\0', 'latin1');
const ZIP = hex('504b0304140000000800');
const OLE = hex('d0cf11e0a1b11ae10000');

describe('fitsType: the bytes must fit the declared type', () => {
  it('accepts each format under its own type', () => {
    expect(fitsType('image/png', PNG)).toBe(true);
    expect(fitsType('image/jpeg', JPEG)).toBe(true);
    expect(fitsType('image/gif', Buffer.from('GIF89a\x01\0', 'latin1'))).toBe(true);
    expect(fitsType('image/webp', Buffer.from('RIFF\x10\0\0\0WEBPVP8 ', 'latin1'))).toBe(true);
    expect(fitsType('video/mp4', MP4)).toBe(true);
    expect(fitsType('audio/mp4', MP4)).toBe(true);
    expect(fitsType('audio/ogg; codecs=opus', OGG)).toBe(true);
    expect(fitsType('audio/webm', hex('1a45dfa3 9f4286'))).toBe(true);
    expect(fitsType('audio/mpeg', Buffer.from('ID3\x04\0\0', 'latin1'))).toBe(true);
    expect(fitsType('audio/amr', Buffer.from('#!AMR\n', 'latin1'))).toBe(true);
    expect(fitsType('application/pdf', Buffer.from('%PDF-1.7\n'))).toBe(true);
    expect(fitsType('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', ZIP)).toBe(true);
    expect(fitsType('application/msword', OLE)).toBe(true);
    expect(fitsType('text/csv', Buffer.from('nome;numero\r\nMaria;5511999990000\r\n'))).toBe(true);
    expect(fitsType('text/plain', Buffer.from('Olá, ação é texto em UTF-8\n'))).toBe(true);
  });

  it('refuses a program under any type, and other formats under a type they are not', () => {
    for (const type of ['image/png', 'application/pdf', 'video/mp4', 'audio/ogg', 'application/zip', 'text/plain', 'image/x-unknown']) {
      expect(fitsType(type, PE), `PE as ${type}`).toBe(false);
      expect(fitsType(type, ELF), `ELF as ${type}`).toBe(false);
    }
    expect(fitsType('text/plain', Buffer.from('#!/bin/sh\nrm -rf /\n'))).toBe(false);
    expect(fitsType('image/png', JPEG)).toBe(false);
    expect(fitsType('image/png', Buffer.from('<html><script>alert(1)</script>'))).toBe(false);
    expect(fitsType('application/pdf', ZIP)).toBe(false);
    expect(fitsType('application/msword', ZIP)).toBe(false);
    expect(fitsType('video/mp4', PNG)).toBe(false);
    expect(fitsType('text/csv', PNG)).toBe(false);
    expect(fitsType('image/png', Buffer.alloc(0))).toBe(false);
    // An image format without a rule here: binary, not a program, not text.
    expect(fitsType('image/x-unknown', hex('00ff00ff10203040'))).toBe(true);
    expect(fitsType('image/x-unknown', Buffer.from('just some text'))).toBe(false);
  });
});
