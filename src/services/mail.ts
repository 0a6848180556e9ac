/**
 * Outgoing e-mail through nodemailer: SMTP when SMTP_URL is set; otherwise each message (with its links)
 * is written to the log, so someone running the app locally can still follow a password-reset link.
 */
import type { Transporter } from 'nodemailer';
import { lazyImport } from '../lazyImport';
import type { Logger } from '../log';

const nodemailer = lazyImport(() => import('nodemailer'));

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post for the reminder digests). */
  headers?: Record<string, string>;
}

/** Account Settings → Security, where every notice e-mail sends the owner (docs/api.md "Step-up"). */
export const securityPageUrl = (baseUrl: string) => `${baseUrl}/account-settings#security`;

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(options: { smtpUrl: string | undefined; from: string; logger: Logger }): Mailer {
  const { smtpUrl, from, logger } = options;
  if (!smtpUrl) {
    return {
      async send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject } },
          `e-mail (SMTP_URL unset, not sent):\n${message.text}`,
        );
      },
      close() {},
    };
  }
  // Made on the first message (nodemailer is imported then, not at start).
  let transport: Promise<Transporter> | undefined;
  return {
    async send(message) {
      transport ??= nodemailer().then(({ createTransport }) => createTransport(smtpUrl));
      await (await transport).sendMail({ from, ...message });
      logger.info({ mail: { to: message.to, subject: message.subject } }, 'e-mail sent');
    },
    close() {
      void transport?.then((open) => open.close());
    },
  };
}
