import nodemailer from 'nodemailer';
import { z } from 'zod';
import type { MailContent } from './templates';

export interface OutgoingMail extends MailContent {
  to: string;
}

/** Sends one message; rejects when the SMTP server did not accept it. */
export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

/**
 * What a service that sends mail reads. The defaults suit `npm start` (maildev on 1025) and the
 * browser on the gateway's default port; production sets all three.
 */
export const mailEnvFields = {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://host:465`. */
  SMTP_URL: z
    .string()
    .refine((value) => /^smtps?:\/\//.test(value) && URL.canParse(value), {
      message: 'must be an smtp:// or smtps:// URL',
    })
    .default('smtp://127.0.0.1:1025'),
  MAIL_FROM: z.string().min(3).default('TrustCircle <no-reply@trustcircle.local>'),
  /** Where people open TrustCircle: the origin of every link in a mail. */
  PUBLIC_URL: z
    .string()
    .refine((value) => URL.canParse(value), { message: 'must be a URL' })
    .default('http://localhost:8080'),
};

/** A link into the web app, e.g. `publicLink(config.PUBLIC_URL, '/auth/reset', { token })`. */
export function publicLink(publicUrl: string, path: string, query: Record<string, string> = {}) {
  const url = new URL(path, publicUrl);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  return url.toString();
}

export function smtpMailer(options: { url: string; from: string; timeoutMs?: number }): Mailer {
  const timeout = options.timeoutMs ?? 10_000;
  const transport = nodemailer.createTransport(
    {
      url: options.url,
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
    },
    { from: options.from },
  );
  return {
    async send(mail) {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
