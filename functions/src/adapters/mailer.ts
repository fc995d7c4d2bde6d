import nodemailer, { type Transporter } from 'nodemailer';
import { env } from '../lib/config';

let transport: Transporter | undefined;

function mailer(): Transporter {
  if (transport) return transport;
  const e = env();
  if (!e.SMTP_HOST) throw new Error('SMTP_HOST is not set: no way to send e-mail');
  transport = nodemailer.createTransport({
    host: e.SMTP_HOST,
    port: e.SMTP_PORT ?? 587,
    secure: false,
    ignoreTLS: !e.SMTP_USER,
    ...(e.SMTP_USER ? { auth: { user: e.SMTP_USER, pass: e.SMTP_PASS } } : {}),
  });
  return transport;
}

export async function sendMail(to: string, subject: string, text: string): Promise<void> {
  await mailer().sendMail({ from: env().MAIL_FROM, to, subject, text });
}

export function resetMailer(): void {
  transport = undefined;
}
