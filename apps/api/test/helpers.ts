import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ErrorCode } from '@mostrador/contract';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import sharp from 'sharp';
import { expect, inject } from 'vitest';
import { buildApp, type Services } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type Database, openDatabase } from '../src/db/client.js';
import { runMigrations } from '../src/db/migrate.js';
import { createSecretBox } from '../src/lib/secrets.js';
import { createLoginThrottle, type ThrottleOptions } from '../src/modules/authentication/login-throttle.js';
import { createDiskStorage } from '../src/modules/files/file-storage.js';

export interface TestApp {
  app: FastifyInstance;
  services: Services;
  database: Database;
  close(): Promise<void>;
}

/**
 * A fresh database per test file: in-memory PGlite, or a throwaway database on the PostgreSQL server
 * named by TEST_DATABASE_URL.
 */
async function freshDatabase(): Promise<{ database: Database; drop(): Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const template = inject('pgliteTemplate');
    const database = await openDatabase(template ? { template: new Blob([readFileSync(template)]) } : {});
    return { database, drop: async () => {} };
  }
  const server = await serverDatabase(serverUrl);
  const database = await openDatabase({ url: server.url });
  return { database, drop: server.drop };
}

/**
 * A throwaway database on the PostgreSQL server at `serverUrl`: its address, and `drop`, which waits
 * for closed pools' sockets to go before dropping it.
 */
export async function serverDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `mostrador_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      // The pool's end() resolves before its sockets have closed: a connection still closing when the
      // database is dropped by force gets a FATAL its client reports as an uncaught error.
      for (let i = 0; i < 100; i++) {
        const { rows } = await client.query(
          'select count(*)::int as n from pg_stat_activity where datname = $1',
          [name],
        );
        if (rows[0].n === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function buildTestApp(
  options: { throttle?: Partial<ThrottleOptions>; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const { database, drop } = await freshDatabase();
  await runMigrations(database);
  const config = loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent', ...options.env });
  const secretBox = createSecretBox(randomBytes(32));
  const filesDir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-files-'));
  const { app, services } = await buildApp({
    config,
    database,
    secretBox,
    storage: createDiskStorage(filesDir),
    throttle: createLoginThrottle({ stepDelayMs: 1, ...options.throttle }),
  });
  await app.ready();
  return {
    app,
    services,
    database,
    async close() {
      await app.close();
      await database.close();
      await drop();
      rmSync(filesDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A license with its first employee (every company permission, both scopes); answers its login. */
export async function createLicense(t: TestApp, overrides: { code?: string; platform?: boolean } = {}) {
  const code = overrides.code ?? unique('lic-');
  const password = 'password-1234';
  const { license, admin } = await t.services.licenses.create({
    name: `License ${code}`,
    code,
    adminUsername: 'owner',
    adminPassword: password,
    isPlatform: overrides.platform ?? false,
  });
  const token = await login(t, { license: code, username: 'owner', password });
  return { license, admin, token, code, password };
}

export async function login(
  t: TestApp,
  body: { license: string; username: string; password: string; remember?: boolean },
) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/v1/admin/authentication/employee-password-login',
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return res.json().data as string;
}

export interface CallOptions {
  token?: string;
  payload?: unknown;
  query?: Record<string, string>;
}

/** An API call through `app.inject`, with the bearer token. */
export async function call(
  t: TestApp,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  options: CallOptions = {},
) {
  const res = await t.app.inject({
    method,
    url,
    query: options.query,
    payload: options.payload as never,
    headers: options.token ? { authorization: `Bearer ${options.token}` } : {},
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  let body: any;
  try {
    body = res.json();
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers };
}

/** An employee of the caller's license with exactly these entries, and his token. */
export async function createEmployee(
  t: TestApp,
  licenseCode: string,
  adminToken: string,
  permissions: { scope: 'can_do' | 'can_grant'; permission: string }[],
) {
  const username = unique('emp');
  const password = 'employee-pass-1';
  const res = await call(t, 'POST', '/v1/admin/users', {
    token: adminToken,
    payload: { name: `Employee ${username}`, username, password, permissions },
  });
  if (res.status !== 201) throw new Error(`employee not created: ${res.status} ${JSON.stringify(res.body)}`);
  const token = await login(t, { license: licenseCode, username, password });
  return { id: res.body.data.id as number, username, password, token };
}

/** A multipart/form-data body with one file under `field`. */
export function multipartFile(data: Buffer, filename: string, field = 'file') {
  const boundary = `----mostrador${randomBytes(8).toString('hex')}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, data, tail]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /admin/files as the owner of `token`; `kind: 'image'` asks the server to check it is one. */
export async function uploadFile(
  t: TestApp,
  token: string,
  data: Buffer,
  filename: string,
  kind?: 'image' | 'any',
) {
  const body = multipartFile(data, filename);
  const res = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/files${kind ? `?kind=${kind}` : ''}`,
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
  return { status: res.statusCode, body: res.json() as any };
}

/** A PNG of one colour. */
export function pngImage(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#0958d9' } })
    .png()
    .toBuffer();
}

// biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answers
type Answer = { status: number; body: any };

/** The answer is this error: its status and its code (the body is shown when the status differs). */
export function expectError(res: Answer, status: number, code: number) {
  expect(res.status, JSON.stringify(res.body)).toBe(status);
  expect(res.body.error.code).toBe(code);
}

/** The answer is a 400 validation error; the fields it names, in its order. */
export function failingFields(res: Answer): string[] {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  expect(res.body.error.code).toBe(ErrorCode.validation);
  return (res.body.error.details as { field: string }[]).map((d) => d.field);
}
