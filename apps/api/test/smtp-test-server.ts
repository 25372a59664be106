import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server inside the test (the `smtp-server` package), without TLS: it receives what the
 * product sends and parses it (`mailparser`). `reply` decides each message's answer after DATA: accept
 * (undefined), or refuse with a code and text (e.g. 450 then 250 to test retries, 550 for a permanent
 * refusal). Refused messages are not kept.
 */
export async function startSmtpServer(
  options: { reply?: (attempt: number, raw: string) => { code: number; message: string } | undefined } = {},
) {
  const received: ReceivedMail[] = [];
  const waiters: (() => void)[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', async () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        attempts++;
        const refusal = options.reply?.(attempts, raw);
        if (refusal) {
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        const parsed = await simpleParser(raw);
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
        for (const wake of waiters.splice(0)) wake();
        callback(null, `Ok: queued as ${received.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    /** How many DATA commands arrived, refused ones included. */
    get attempts() {
      return attempts;
    },
    /** Waits until `count` mails were accepted (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 15_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count) {
        const left = until - Date.now();
        if (left <= 0) throw new Error(`expected ${count} mails, got ${received.length}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
