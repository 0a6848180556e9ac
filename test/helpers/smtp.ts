/** A real SMTP server (smtp-server) inside the test process; messages are parsed with mailparser. */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser } from 'mailparser';
import { startTestApp, type TestApp } from './app';

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
  html: string | false;
  /** Raw header values by lower-case name, as sent (mailparser's own map reshapes List-* headers). */
  headers: Map<string, string>;
}

export interface TestSmtp {
  url: string;
  received: ReceivedMail[];
  /** The next `count` messages are refused (451, a temporary failure), as a failing mail server would. */
  failNext(count: number): void;
  waitForMail(to: string, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startSmtpServer(): Promise<TestSmtp> {
  const received: ReceivedMail[] = [];
  let failures = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          if (failures > 0) {
            failures -= 1;
            return callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }));
          }
          const to = Array.isArray(mail.to) ? mail.to[0]?.text : mail.to?.text;
          received.push({
            to: (to ?? '').toLowerCase(),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html ?? false,
            headers: new Map(mail.headerLines.map(({ key, line }) => [key, line.slice(line.indexOf(':') + 1).trim()])),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    failNext(count) {
      failures = count;
    },
    async waitForMail(to, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (Date.now() < deadline) {
        const mail = received.find((m) => m.to.includes(to.toLowerCase()));
        if (mail) return mail;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A test app (rate limits off) whose mail goes to a real SMTP test server; `close` ends both. */
export async function startAppWithSmtp(): Promise<{ app: TestApp; smtp: TestSmtp; close: () => Promise<void> }> {
  const smtp = await startSmtpServer();
  const app = await startTestApp({ rateLimitsEnabled: false, smtpUrl: smtp.url });
  const close = async () => {
    await app.close();
    await smtp.close();
  };
  return { app, smtp, close };
}
