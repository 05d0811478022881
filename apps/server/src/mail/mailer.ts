import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/** A file sent with a message; its bytes travel in the queued job as base64. */
export interface MailAttachment {
  filename: string;
  contentType: string;
  /** base64 */
  content: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  attachments?: MailAttachment[];
}

/** The message as nodemailer takes it: attachments decoded from base64. */
function forNodemailer(message: MailMessage) {
  return {
    ...message,
    attachments: message.attachments?.map((file) => ({ ...file, encoding: 'base64' as const })),
  };
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  /** Where messages go, for the start-up log: an SMTP host or the outbox folder. */
  readonly destination: string;
}

/** SMTP when `smtpUrl` is set; otherwise each message becomes an .eml file in `outboxDir`. */
export function createMailer(options: { smtpUrl?: string; outboxDir: string; from: string }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      destination: new URL(options.smtpUrl).host,
      async send(message) {
        await transport.sendMail({ from: options.from, ...forNodemailer(message) });
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    destination: options.outboxDir,
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...forNodemailer(message) });
      await mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(options.outboxDir, `${stamp}-${randomBytes(3).toString('hex')}.eml`);
      await writeFile(file, info.message as Buffer);
    },
  };
}
