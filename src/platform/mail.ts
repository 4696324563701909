import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions, type Transporter } from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where a reply goes instead of the sender (MAIL_FROM). */
  replyTo?: string | undefined;
  /** Extra headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string> | undefined;
  /** The sender's display name instead of MAIL_FROM's (the shop's name from its details); the address stays. */
  fromName?: string | undefined;
}

/** The address of a From line: "orders@shop.pk" of "Shop <orders@shop.pk>". */
export const fromAddress = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();

export interface Mailer {
  /** Sends one message; `signal` aborts a send that takes too long (the mail worker's timeout). */
  send(message: MailMessage, options?: { signal?: AbortSignal }): Promise<void>;
}

/**
 * How long an SMTP server may take: to accept the connection, to greet, and to answer any one command. A hung
 * server then fails the send (the mail worker retries it later) instead of holding it forever.
 */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * Real mail through nodemailer: SMTP when a URL is configured, otherwise each message is rendered as a
 * complete RFC 822 `.eml` file in the outbox folder (open it in any mail client).
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  outboxDir: string;
  from: string;
}): Mailer {
  const mail = ({ replyTo, headers, fromName, ...message }: MailMessage, signal: AbortSignal | undefined) =>
    ({
      from: fromName ? { name: fromName, address: fromAddress(options.from) } : options.from,
      ...message,
      ...(replyTo ? { replyTo } : {}),
      ...(headers ? { headers } : {}),
      // nodemailer 10 honours `signal`; its bundled types do not list it yet.
      ...(signal ? { signal } : {}),
    }) as SendMailOptions;
  if (options.smtpUrl) {
    const transport: Transporter = nodemailer.createTransport({ url: options.smtpUrl, ...SMTP_TIMEOUTS });
    return {
      async send(message, { signal } = {}) {
        await transport.sendMail(mail(message, signal));
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return {
    async send(message, { signal } = {}) {
      const info = await transport.sendMail(mail(message, signal));
      await fs.mkdir(options.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, "-");
      const file = path.join(options.outboxDir, `${stamp}-${randomUUID().slice(0, 8)}.eml`);
      await fs.writeFile(file, info.message as Buffer);
    },
  };
}
