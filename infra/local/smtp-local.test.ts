import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from './log';
import { decodeHeaderValue, decodeQuotedPrintable, parseMail } from './rfc822';
import { startSmtpLocal, type SmtpLocal } from './smtp-local';

const compose = async (mail: nodemailer.SendMailOptions): Promise<Buffer> => {
  const t = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await t.sendMail(mail);
  return info.message as Buffer;
};

describe('RFC 822 reading', () => {
  it('decodes quoted-printable bodies and encoded-word subjects from nodemailer', async () => {
    const text = `Olá João,\nseu código é 123456 — válido por 15 minutos.\n${'linha longa '.repeat(20)}fim\nhttps://app.local/reset?token=a=b&c=d`;
    const raw = await compose({ from: 'Conversa <no-reply@conversa.local>', to: 'ana@x.com', subject: 'Recuperação de senha ✓', text });
    expect(raw.toString()).toMatch(/quoted-printable/i);
    const m = parseMail(raw);
    expect(m.subject).toBe('Recuperação de senha ✓');
    expect(m.from).toBe('Conversa <no-reply@conversa.local>');
    expect(m.to).toEqual(['ana@x.com']);
    expect(m.text.trimEnd()).toBe(text);
    expect(m.date).toBeInstanceOf(Date);
  });

  it('picks text/plain out of multipart/alternative and falls back to html', async () => {
    const both = parseMail(await compose({ from: 'a@b.c', to: 'x@y.z, "Doe, J" <j@d.oe>', subject: 'hi', text: 'plain ünïcode', html: '<p>html</p>' }));
    expect(both.text).toBe('plain ünïcode');
    expect(both.html).toBe('<p>html</p>');
    expect(both.to).toEqual(['x@y.z', '"Doe, J" <j@d.oe>']);
    const htmlOnly = parseMail(await compose({ from: 'a@b.c', to: 'x@y.z', subject: 'hi', html: '<p>Hello<br>there &amp; you</p>' }));
    expect(htmlOnly.text).toBe('Hello\nthere & you');
  });

  it('decodes the primitives', () => {
    expect(decodeQuotedPrintable('a=3Db=\r\nc =C3=A9').toString('utf8')).toBe('a=bc é');
    expect(decodeHeaderValue('=?UTF-8?B?w6k=?= =?UTF-8?Q?_x?=')).toBe('é x');
    expect(decodeHeaderValue('plain')).toBe('plain');
  });
});

describe('SMTP catcher', () => {
  let smtp: SmtpLocal;
  beforeAll(async () => {
    smtp = await startSmtpLocal({ log: createLogger(false) });
  });
  afterAll(() => smtp.stop());

  it('stores what nodemailer sends the way the mailer adapter does, newest first, filterable', async () => {
    const t = nodemailer.createTransport({ host: '127.0.0.1', port: smtp.port, secure: false, ignoreTLS: true });
    await t.sendMail({ from: 'Conversa <no-reply@conversa.local>', to: 'Ana@X.com', subject: 'Primeiro', text: 'um' });
    await t.sendMail({ from: 'Conversa <no-reply@conversa.local>', to: 'bob@y.com', subject: 'Segundo é', text: 'dois' });
    const all = smtp.mails();
    expect(all.map((m) => m.subject)).toEqual(['Segundo é', 'Primeiro']);
    expect(all[1]).toMatchObject({ from: 'Conversa <no-reply@conversa.local>', to: ['ana@x.com'], text: 'um' });
    expect(typeof all[0]!.id).toBe('string');
    expect(Number.isNaN(Date.parse(all[0]!.date))).toBe(false);
    expect(smtp.mails({ to: 'ANA@x.com' }).map((m) => m.subject)).toEqual(['Primeiro']);
    expect(await smtp.ping()).toBe(true);
    smtp.clear();
    expect(smtp.mails()).toEqual([]);
  });
});
