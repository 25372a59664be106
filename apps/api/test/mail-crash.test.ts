import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Mail, MailListItem } from '@mostrador/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { durableDatabase, sleep, until } from './mail-jobs-support.js';
import { startSmtpServer } from './smtp-test-server.js';

/**
 * A kill -9 of the real API process between queueing a mail and sending it, then a restart: the mail
 * is delivered once. The process is `apps/api/src/main.ts` as `npm run dev` runs it (tsx, the `source`
 * condition), on a database that outlives it: PGlite in DATA_DIR/pgdata, or with TEST_DATABASE_URL a
 * fresh database on that server (DATABASE_URL).
 */

const repoRoot = path.resolve(import.meta.dirname, '../../..');
const bootstrapPassword = 'platform-password-1';

interface ApiProcess {
  child: ChildProcess;
  base: string;
  output: () => string;
  exited: Promise<number | null>;
}

/** Starts the API and waits until it listens (on a free port it picks: PORT=0), answering its address. */
async function startApi(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH ?? '',
      HOME: process.env.HOME ?? os.tmpdir(),
      TMPDIR: os.tmpdir(),
      HOST: '127.0.0.1',
      PORT: '0',
      BOOTSTRAP_PASSWORD: bootstrapPassword,
      WEB_DIST_DIR: '/nonexistent',
      PUBLIC_URL: 'https://reservas.example.es',
      MAIL_RETRY_DELAY_SECONDS: '1',
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  child.stderr!.on('data', (c: Buffer) => {
    output += c.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code ?? -1;
  });
  const end = Date.now() + 120_000;
  for (;;) {
    const listening = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
    if (listening && output.includes('"msg":"ready"')) {
      return { child, base: listening[1]!, output: () => output, exited };
    }
    if (exitCode !== undefined) throw new Error(`the API exited (${exitCode}):\n${output}`);
    if (Date.now() > end) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start:\n${output}`);
    }
    await sleep(100);
  }
}

async function api(
  proc: ApiProcess,
  method: string,
  url: string,
  options: { token?: string; body?: unknown } = {},
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
): Promise<{ status: number; body: any }> {
  const res = await fetch(`${proc.base}${url}`, {
    method,
    headers: {
      ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
    body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** POST that must answer `status` (201 unless told); the record. */
async function created<T = { id: number }>(
  proc: ApiProcess,
  token: string,
  url: string,
  body: unknown,
  status = 201,
): Promise<T> {
  const res = await api(proc, 'POST', url, { token, body });
  expect(res.status, `${url}: ${JSON.stringify(res.body)}`).toBe(status);
  return res.body.data as T;
}

async function logIn(proc: ApiProcess, license: string, username: string, password: string) {
  const res = await api(proc, 'POST', '/v1/admin/authentication/employee-password-login', {
    body: { license, username, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.data as string;
}

describe('a crash between queueing and sending', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let target: Awaited<ReturnType<typeof durableDatabase>>;
  let dataDir: string;
  const running: ApiProcess[] = [];

  beforeAll(async () => {
    smtp = await startSmtpServer();
    // Migrated beforehand (PGlite from the suite's template), so each start only opens it.
    target = await durableDatabase();
    dataDir = target.dataDir
      ? path.dirname(target.dataDir)
      : mkdtempSync(path.join(os.tmpdir(), 'mostrador-crash-'));
  });

  afterAll(async () => {
    for (const proc of running) {
      if (proc.child.exitCode === null && proc.child.signalCode === null) {
        proc.child.kill('SIGKILL');
        await proc.exited;
      }
    }
    await smtp?.close();
    await target?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('kill -9 of the API with a waiting mail, then a restart: delivered exactly once, marked sent', async () => {
    const env = { DATA_DIR: dataDir, ...(target.url ? { DATABASE_URL: target.url } : {}) };

    // 1. A process that queues mails but does not send them (JOBS=0).
    const first = await startApi({ ...env, JOBS: '0' });
    running.push(first);
    const root = await logIn(first, 'admin', 'admin', bootstrapPassword);
    await created(first, root, '/v1/admin/licenses', {
      name: 'Peluquería Ana',
      code: 'peluqueria-ana',
      adminUsername: 'ana',
      adminPassword: 'ana-password-1',
    });
    const token = await logIn(first, 'peluqueria-ana', 'ana', 'ana-password-1');
    const settings = await api(first, 'PUT', '/v1/admin/settings', {
      token,
      body: {
        companyName: 'Peluquería Ana',
        mail: { host: '127.0.0.1', port: smtp.port, security: 'none', fromMailAddress: 'hola@ana.example' },
      },
    });
    expect(settings.status, JSON.stringify(settings.body)).toBe(200);
    const tax = await created(first, token, '/v1/admin/taxes', { name: 'IVA 21%', percentage: 21 });
    const customer = await created(first, token, '/v1/admin/customers', {
      name: 'Laura',
      email: 'laura@example.com',
    });
    const calendar = await created(first, token, '/v1/admin/booking-calendars', {
      name: 'Sillón 1',
      duration: 30,
      schedule: Object.fromEntries(
        ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => [
          d,
          [{ openAt: '09:00', closedAt: '20:00' }],
        ]),
      ),
    });
    const product = await created(first, token, '/v1/admin/products', {
      name: 'Corte de pelo',
      type: 'bookable',
      durationInMinutes: 60,
      price: 20,
      taxType: tax.id,
    });
    await created(first, token, '/v1/admin/bookings', {
      bookingCalendarId: calendar.id,
      productId: product.id,
      customerId: customer.id,
      startsAt: '2027-11-02T10:00:00',
      quantity: 1,
    });
    const list = await api(first, 'GET', '/v1/admin/mails', { token });
    expect(list.status).toBe(200);
    const items = list.body.data.items as MailListItem[];
    expect(items.map((m) => [m.kind, m.status])).toEqual([['booking_created', 'waiting']]);
    const mailId = items[0]!.id;
    const queued = (await api(first, 'GET', `/v1/admin/mails/${mailId}`, { token })).body.data as Mail;

    // 2. Killed without a chance to clean up. Nothing was sent.
    await sleep(500);
    first.child.kill('SIGKILL');
    await first.exited;
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(smtp.attempts).toBe(0);

    // 3. Restarted on the same data with its worker: the mail goes, once.
    const second = await startApi({ ...env, JOBS: '1' });
    running.push(second);
    await smtp.waitFor(1, 60_000);
    const mail = await until(
      async () => (await api(second, 'GET', `/v1/admin/mails/${mailId}`, { token })).body.data as Mail,
      (m) => m.status === 'sent',
    );
    expect(mail.messageId).toBe(queued.messageId);
    expect(mail.sentAt).not.toBeNull();
    expect(mail.attempts).toBe(1);
    // Past the worker's polling and a retry's delay: a second delivery would have come by now.
    await sleep(4000);
    expect(smtp.attempts).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]!.parsed.messageId).toBe(queued.messageId);
    expect(smtp.received[0]!.envelopeTo).toEqual(['laura@example.com']);
    expect((await api(second, 'GET', `/v1/admin/mails/${mailId}`, { token })).body.data.status).toBe('sent');

    // 4. Stopped the ordinary way (SIGTERM): it closes cleanly.
    second.child.kill('SIGTERM');
    expect(await second.exited).toBe(0);
  }, 240_000);
});
