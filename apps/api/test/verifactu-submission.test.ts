import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifactuChains, verifactuRecords } from '../src/db/schema.js';
import { createVerifactuClient } from '../src/integrations/verifactu/client.js';
import { createVerifactuSubmitter } from '../src/jobs/verifactu-submission.js';
import { createCustomer } from './factories.js';
import { buildTestApp, call, type TestApp } from './helpers.js';
import { created, createOrder, openCompany } from './sales-fixtures.js';
import { aeatErrorText, type FakeAeat, startFakeAeat } from './support/fake-aeat.js';
import { TEST_PFX_PASSWORD, testPki } from './support/test-certificates.js';

// The Verifactu submission against a local AEAT that speaks the WSDL's operation over mutual TLS:
// pending records go in chain order, at most 1,000 a request, after AEAT's wait; each keeps AEAT's
// answer; an accepted record is never sent again; a server fault leaves them pending for later.

let t: TestApp;
let fake: FakeAeat;
const pki = testPki();
beforeAll(async () => {
  t = await buildTestApp();
  fake = await startFakeAeat({
    ca: pki.ca.certPem,
    serverPfx: pki.server.pfx,
    passphrase: TEST_PFX_PASSWORD,
  });
});
afterAll(async () => {
  await fake.close();
  await t.close();
});

const submitter = () =>
  createVerifactuSubmitter({
    db: t.database.db,
    settings: t.services.settings,
    endpoint: fake.endpoint,
    client: (o) => createVerifactuClient({ ...o, ca: pki.ca.certPem, timeoutMs: 5_000 }),
  });

function certificateUpload(token: string) {
  const boundary = `----m${randomBytes(6).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="password"\r\n\r\n${TEST_PFX_PASSWORD}\r\n`,
    ),
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="c.p12"\r\n\r\n`),
    pki.company.pfx,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'PUT',
    url: '/v1/admin/settings/verifactu/certificate',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${token}`,
    },
  });
}

/** A company with Verifactu on (its certificate uploaded), a customer with a tax id, and a sale maker. */
async function verifactuCompany() {
  const c = await openCompany(t);
  expect((await certificateUpload(c.token)).statusCode).toBe(200);
  // A tax id of its own per company: the fake AEAT keeps what it accepted, as AEAT does.
  const taxId = `B${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}${'ABCDEFGHJ'[Math.floor(Math.random() * 9)]}`;
  const res = await call(t, 'PUT', '/v1/admin/settings', {
    token: c.token,
    payload: {
      billing: {
        legalName: 'Kayaks del Sur S.L.',
        street: 'Muelle 3',
        postalCode: '11001',
        city: 'Cádiz',
        state: 'Cádiz',
        country: 'España',
        fullSeries: '',
        simplifiedSeries: 'T',
        rectifyingSeries: 'R',
        simplifiedInvoices: true,
        simplifiedInvoiceLimit: 400,
      },
      verifactu: { status: true, environment: 'test', taxId },
    },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const customer = await createCustomer(t, c.token, {
    name: 'Ana',
    company: 'Estudio Ana S.L.',
    vat: 'B87654321',
  });
  const sale = async () => created(await createOrder(t, c, { customerId: customer.id }));
  const records = () =>
    t.database.db
      .select()
      .from(verifactuRecords)
      .where(eq(verifactuRecords.licenseId, c.license.id))
      .orderBy(verifactuRecords.seq);
  const chain = async () =>
    (
      await t.database.db.select().from(verifactuChains).where(eq(verifactuChains.licenseId, c.license.id))
    )[0]!;
  /** As if AEAT's wait had passed. */
  const waitOver = () =>
    t.database.db.execute(
      sql`update verifactu_chains set next_send_at = now() - interval '1 second' where license_id = ${c.license.id}`,
    );
  return { ...c, taxId, customer, sale, records, chain, waitOver };
}

const requestsFor = (taxId: string) => fake.requests.filter((r) => r.obligado?.NIF === taxId);

describe('the Verifactu submission', () => {
  it('sends pending records in chain order, keeps AEAT’s answer and CSV, waits AEAT’s time, never resends', async () => {
    fake.mode = { kind: 'correct' };
    fake.tiempoEsperaEnvio = 60;
    const c = await verifactuCompany();
    // Three sales with their simplified invoices, one of them later with a full one (F3), one annulled.
    const a = await c.sale();
    await c.sale();
    const f3 = await created(
      await call(t, 'POST', `/v1/admin/orders/${a.id}/invoice`, { token: c.token, payload: {} }),
    );
    const third = await c.sale();
    const [ticket] = (await call(t, 'GET', `/v1/admin/orders/${third.id}/invoices`, { token: c.token })).body
      .data;
    expect(
      (
        await call(t, 'POST', `/v1/admin/invoices/${ticket.id}/annul`, {
          token: c.token,
          payload: { reason: 'Error de caja' },
        })
      ).status,
    ).toBe(200);
    expect((await c.records()).map((r) => [r.kind, r.invoiceType])).toEqual([
      ['alta', 'F2'],
      ['alta', 'F2'],
      ['alta', 'F3'],
      ['alta', 'F2'],
      ['anulacion', null],
    ]);

    const results = await submitter().run();
    expect(results.find((r) => r.licenseId === c.license.id)).toMatchObject({ sent: 5, outcome: 'answered' });
    const [request] = requestsFor(c.taxId);
    expect(request!.records.map((r) => r.numSerie)).toEqual((await c.records()).map((r) => r.numSerie));
    const sent = await c.records();
    expect(sent.map((r) => r.state)).toEqual(['correct', 'correct', 'correct', 'correct', 'correct']);
    expect(new Set(sent.map((r) => r.csv)).size).toBe(1);
    expect(sent[0]!.csv).toMatch(/^[A-Z0-9-]{8,}$/);
    const head = await c.chain();
    expect(head.waitSeconds).toBe(60);
    expect(head.nextSendAt!.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // Staff see it on the invoice.
    const shown = (await call(t, 'GET', `/v1/admin/invoices/${f3.id}`, { token: c.token })).body.data;
    expect(shown.verifactu[0]).toMatchObject({ kind: 'alta', state: 'correct', attempts: 1 });

    // A new invoice waits for AEAT's time; once over, only it goes.
    await c.sale();
    await submitter().run();
    expect(requestsFor(c.taxId)).toHaveLength(1);
    await c.waitOver();
    await submitter().run();
    const second = requestsFor(c.taxId)[1]!;
    expect(second.records).toHaveLength(1);
    expect((await c.records()).at(-1)!.state).toBe('correct');
  });

  it('stores AEAT’s refusals with its code and text, and AceptadoConErrores records are never sent again', async () => {
    const c = await verifactuCompany();
    const first = await c.sale();
    const second = await c.sale();
    fake.mode = {
      kind: 'records',
      incorrect: { [first.invoiceCode]: 1105 },
      acceptedWithErrors: { [second.invoiceCode]: 2000 },
    };
    await submitter().run();
    const rows = await c.records();
    expect(rows.map((r) => [r.numSerie, r.state, r.errorCode])).toEqual([
      [first.invoiceCode, 'incorrect', 1105],
      [second.invoiceCode, 'accepted_with_errors', 2000],
    ]);
    expect(rows[0]!.errorText).toBe(aeatErrorText(1105));
    fake.mode = { kind: 'correct' };
    await c.waitOver();
    await submitter().run();
    expect(requestsFor(c.taxId)).toHaveLength(1);
    const list = await call(t, 'GET', '/v1/admin/invoices?orders={"code":"asc"}', { token: c.token });
    expect(list.body.data.items.map((i: { verifactuState: string }) => i.verifactuState)).toEqual([
      'incorrect',
      'accepted_with_errors',
    ]);
  });

  it('a server fault leaves the records pending for a later try; two processes never send them twice', async () => {
    const c = await verifactuCompany();
    await c.sale();
    fake.mode = { kind: 'serverFault', faultString: 'Servicio no disponible' };
    const [result] = (await submitter().run()).filter((r) => r.licenseId === c.license.id);
    expect(result).toMatchObject({ outcome: 'retry' });
    const [pending] = await c.records();
    expect(pending).toMatchObject({ state: 'pending', attempts: 1 });
    expect(pending!.errorText).toContain('Servicio no disponible');
    expect((await c.chain()).lastError).toContain('Servicio no disponible');
    fake.mode = { kind: 'correct' };
    await c.waitOver();
    const before = requestsFor(c.taxId).length;
    // Two processes at the same minute: one takes the license, the other finds it taken.
    await Promise.all([submitter().submit(c.license.id), submitter().submit(c.license.id)]);
    expect(requestsFor(c.taxId).length - before).toBe(1);
    expect((await c.records())[0]).toMatchObject({ state: 'correct', attempts: 2 });
  });
});
