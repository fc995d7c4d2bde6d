/** An SMTP server on loopback (no auth, no TLS) that keeps every received mail in memory. */
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { canConnect } from './net-utils';
import type { Logger } from './log';
import { bareAddress, parseMail } from './rfc822';

export type Mail = {
  id: string;
  from: string;
  /** Envelope recipients (bare addresses, lower-cased). */
  to: string[];
  subject: string;
  text: string;
  date: string;
};

export type SmtpLocal = {
  port: number;
  /** Newest first. */
  mails(filter?: { to?: string }): Mail[];
  clear(): void;
  ping(timeoutMs?: number): Promise<boolean>;
  stop(): Promise<void>;
};

export async function startSmtpLocal(opts: { log: Logger; maxMails?: number }): Promise<SmtpLocal> {
  const store: Mail[] = [];
  const max = opts.maxMails ?? 1000;
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    allowInsecureAuth: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    banner: 'Conversa local SMTP',
    size: 30 * 1024 * 1024,
    // No auth needed; a client configured with credentials is let in too.
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'local' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', (err) => callback(err));
      stream.on('end', () => {
        try {
          const parsed = parseMail(Buffer.concat(chunks));
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address.toLowerCase());
          const mailFrom = session.envelope.mailFrom;
          const mail: Mail = {
            id: randomUUID(),
            from: parsed.from || (mailFrom ? mailFrom.address : ''),
            to: envelopeTo.length ? envelopeTo : parsed.to.map(bareAddress),
            subject: parsed.subject,
            text: parsed.text.replace(/\s+$/, ''),
            date: (parsed.date ?? new Date()).toISOString(),
          };
          store.push(mail);
          if (store.length > max) store.splice(0, store.length - max);
          if (opts.log.enabled) process.stdout.write(`✉  mail to ${mail.to.join(', ')}: ${mail.subject}\n`);
          callback();
        } catch (err) {
          callback(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  server.on('error', (err) => opts.log.error('smtp server error', { message: err.message }));
  const port = (server.server.address() as AddressInfo).port;
  opts.log.info('smtp ready', { port });
  let stopping: Promise<void> | undefined;
  return {
    port,
    mails(filter) {
      const to = filter?.to ? bareAddress(filter.to) : undefined;
      return store.filter((m) => !to || m.to.includes(to)).reverse();
    },
    clear() {
      store.length = 0;
    },
    async ping(timeoutMs = 1000) {
      return server.server.listening && (await canConnect(port, timeoutMs));
    },
    stop() {
      stopping ??= new Promise<void>((resolve) => server.close(() => resolve()));
      return stopping;
    },
  };
}
