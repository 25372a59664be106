import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface SmtpServerOptions {
  /**
   * Decides each message's answer after DATA: accept (undefined), or refuse with a code and text (e.g.
   * 450 then 250 to test retries, 550 for a permanent refusal). `attempt` counts DATA commands from 1.
   */
  reply?: (attempt: number, raw: string) => { code: number; message: string } | undefined;
  /** Require AUTH (PLAIN or LOGIN, allowed without TLS) with exactly these credentials. */
  auth?: { user: string; pass: string };
}

/**
 * A real SMTP server inside the test (the `smtp-server` package), without TLS: it receives what the
 * product sends and parses it (`mailparser`, `cid:` links left as sent). `reply` decides each message's
 * answer; refused messages are not kept (their raw text is in `refused`). With `auth`, a client must log
 * in first; every login tried is kept in `logins`.
 */
export async function startSmtpServer(options: SmtpServerOptions = {}) {
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  const logins: { username: string; password: string }[] = [];
  const waiters: (() => void)[] = [];
  let attempts = 0;
  const server = new SMTPServer({
    authOptional: !options.auth,
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      logins.push({ username: auth.username ?? '', password: auth.password ?? '' });
      if (options.auth && (auth.username !== options.auth.user || auth.password !== options.auth.pass)) {
        callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
        return;
      }
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
          refused.push(raw);
          const error = Object.assign(new Error(refusal.message), { responseCode: refusal.code });
          callback(error);
          return;
        }
        const parsed = await simpleParser(raw, { skipImageLinks: true });
        received.push({ envelopeTo: session.envelope.rcptTo.map((r) => r.address), raw, parsed });
        for (const wake of waiters.splice(0)) wake();
        callback(null, `Ok: queued as ${received.length}`);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  async function waitUntil<T>(found: () => T | undefined, what: string, timeoutMs: number): Promise<T> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      const left = until - Date.now();
      if (left <= 0) throw new Error(`${what}; got ${received.length} mails`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.min(left, 250));
        waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  return {
    port,
    received,
    refused,
    logins,
    /** How many DATA commands arrived, refused ones included. */
    get attempts() {
      return attempts;
    },
    /** Waits until `count` mails were accepted (or fails after `timeoutMs`). */
    async waitFor(count: number, timeoutMs = 15_000) {
      return waitUntil(
        () => (received.length >= count ? received : undefined),
        `expected ${count} mails`,
        timeoutMs,
      );
    },
    /** Waits for the first accepted mail that `matches` (or fails after `timeoutMs`). */
    async find(matches: (mail: ReceivedMail) => boolean, what = 'no mail matched', timeoutMs = 15_000) {
      return waitUntil(() => received.find(matches), what, timeoutMs);
    },
    /** Waits for the accepted mail with this Message-ID (`<...@...>`). */
    async message(messageId: string, timeoutMs = 15_000) {
      return waitUntil(
        () => received.find((m) => m.parsed.messageId === messageId),
        `no mail with Message-ID ${messageId}`,
        timeoutMs,
      );
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** A local port nothing listens on: connecting to it is refused. */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}
