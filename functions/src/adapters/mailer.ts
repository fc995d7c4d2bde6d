/**
 * E-mail through SMTP. The password is SMTP_PASS locally, the secret SMTP_PASS_SECRET_ARN on AWS
 * (read at the first e-mail, never in the function's configuration; only functions that send
 * e-mail get it: infra/lib/code-access.ts).
 */
import type { Transporter } from 'nodemailer';
import { env } from '../lib/config';
import { smtpPassword } from './secrets';

let transport: Promise<Transporter> | undefined;

async function createTransport(): Promise<Transporter> {
  const e = env();
  if (!e.SMTP_HOST) throw new Error('SMTP_HOST is not set: no way to send e-mail');
  const pass = e.SMTP_USER ? await smtpPassword() : undefined;
  // nodemailer (a fifth of a bundle) is loaded by the first e-mail, not by every cold start.
  const { default: nodemailer } = await import('nodemailer');
  return nodemailer.createTransport({
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? 587,
    secure: false,
    ignoreTLS: !e.SMTP_USER,
    ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass } } : {}),
  });
}

function mailer(): Promise<Transporter> {
  if (!transport) {
    const made = createTransport();
    transport = made;
    made.catch(() => {
      if (transport === made) transport = undefined;
    });
  }
  return transport;
}

export async function sendMail(to: string, subject: string, text: string): Promise<void> {
  await (await mailer()).sendMail({ from: env().MAIL_FROM, to, subject, text });
}

export function resetMailer(): void {
  transport = undefined;
}
