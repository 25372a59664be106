import type { VerifactuState } from '@mostrador/contract';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { CertificateError } from '../integrations/verifactu/certificate.js';
import {
  createVerifactuClient,
  type VerifactuClient,
  VerifactuFault,
  type VerifactuResponseLine,
  verifactuEndpoint,
} from '../integrations/verifactu/client.js';
import { VerifactuValidationError } from '../integrations/verifactu/errors.js';
import type { VerifactuRecord } from '../integrations/verifactu/records.js';
import {
  buildRegFactuRequest,
  buildRegistroXml,
  MAX_RECORDS_PER_REQUEST,
} from '../integrations/verifactu/xml.js';
import { issuerOf } from '../modules/invoices/invoice-content.js';
import type { VerifactuRecordRow } from '../modules/invoices/invoices.repository.js';
import type { SettingsService } from '../modules/settings/settings.service.js';

/** A submission holds its license for this long; a crashed one is taken again after it. */
const LEASE_SECONDS = 300;
/** After a server fault or no answer, the next try waits this long (then AEAT's own wait applies). */
const RETRY_SECONDS = 60;
/** Without a certificate or with one that does not open, the license is looked at again this late. */
const NOT_READY_SECONDS = 3600;

export interface SubmissionResult {
  licenseId: number;
  sent: number;
  outcome: 'answered' | 'retry' | 'refused' | 'not_ready';
  error?: string;
}

type ClientFactory = (options: { endpoint: string; pfx: Buffer; passphrase: string }) => VerifactuClient;

/**
 * Sends each license's pending Verifactu records to AEAT, as its web service asks: at most 1,000
 * records per request, in chain order, the next request only once AEAT's TiempoEsperaEnvio has passed
 * (or 1,000 records wait). Each record keeps AEAT's answer (Correcto, AceptadoConErrores, Incorrecto
 * with its code and text); only pending records are ever sent, so an accepted one never goes again.
 * A server fault or no answer leaves them pending for the next try; a client fault (AEAT refused the
 * request as malformed) marks them incorrect with its text. A license is taken under a lease on its
 * chain row, so two processes never send the same records at once.
 */
export function createVerifactuSubmitter(deps: {
  db: Db;
  settings: Pick<SettingsService, 'ofLicense' | 'verifactuCertificate'>;
  /** VERIFACTU_ENDPOINT: AEAT's address for the environment when unset. */
  endpoint?: string;
  /** Tests: a client trusting the fake AEAT's certificate authority. */
  client?: ClientFactory;
}) {
  const { db } = deps;
  const makeClient: ClientFactory = deps.client ?? ((o) => createVerifactuClient(o));

  /** Licenses whose pending records may go now: their wait is over, or 1,000 records wait. */
  async function dueLicenses(): Promise<number[]> {
    const result = await db.execute(sql`
      select distinct r.license_id as "licenseId"
      from verifactu_records r
      left join verifactu_chains c on c.license_id = r.license_id
      where r.state = 'pending'
        and (c.next_send_at is null or c.next_send_at <= now()
          or (select count(*) from verifactu_records p
              where p.license_id = r.license_id and p.state = 'pending') >= ${MAX_RECORDS_PER_REQUEST})`);
    return (result as unknown as { rows: { licenseId: number }[] }).rows.map((r) => Number(r.licenseId));
  }

  /** Takes the license for one submission (the lease), or answers false when another holds it. */
  async function claim(licenseId: number): Promise<boolean> {
    const result = await db.execute(sql`
      update verifactu_chains set next_send_at = now() + make_interval(secs => ${LEASE_SECONDS})
      where license_id = ${licenseId}
        and (next_send_at is null or next_send_at <= now()
          or (select count(*) from verifactu_records p
              where p.license_id = ${licenseId} and p.state = 'pending') >= ${MAX_RECORDS_PER_REQUEST})
      returning license_id`);
    return (result as unknown as { rows: unknown[] }).rows.length > 0;
  }

  async function release(
    licenseId: number,
    seconds: number,
    waitSeconds: number | null,
    error: string | null,
  ) {
    await db.execute(sql`
      update verifactu_chains set next_send_at = now() + make_interval(secs => ${seconds}),
        wait_seconds = coalesce(${waitSeconds}::int, wait_seconds), last_error = ${error}
      where license_id = ${licenseId}`);
  }

  /** The license's next batch: pending records in chain order, of one issuer and environment. */
  async function batch(licenseId: number): Promise<VerifactuRecordRow[]> {
    const result = await db.execute(sql`
      select id, seq, kind, environment, issuer_tax_id as "issuerTaxId", num_serie as "numSerie",
        issue_date as "issueDate", payload
      from verifactu_records where license_id = ${licenseId} and state = 'pending'
      order by seq limit ${MAX_RECORDS_PER_REQUEST}`);
    const rows = (result as unknown as { rows: VerifactuRecordRow[] }).rows;
    const first = rows[0];
    if (!first) return [];
    const end = rows.findIndex(
      (r) => r.issuerTaxId !== first.issuerTaxId || r.environment !== first.environment,
    );
    return end === -1 ? rows : rows.slice(0, end);
  }

  async function settle(records: VerifactuRecordRow[], lines: VerifactuResponseLine[], csv: string | null) {
    const key = (kind: string, numSerie: string) => `${kind}|${numSerie}`;
    const answers = new Map(
      lines.map((l) => [key(l.tipoOperacion === 'Alta' ? 'alta' : 'anulacion', l.numSerie), l]),
    );
    for (const record of records) {
      const line = answers.get(key(record.kind, record.numSerie));
      if (!line) {
        await db.execute(sql`update verifactu_records set attempts = attempts + 1 where id = ${record.id}`);
        continue;
      }
      const { state, code, text } = stateOf(line);
      await db.execute(sql`
        update verifactu_records set state = ${state}, error_code = ${code ?? null}::int,
          error_text = ${text ?? null}, csv = ${csv}, sent_at = now(), attempts = attempts + 1
        where id = ${record.id} and state = 'pending'`);
    }
  }

  async function fail(records: VerifactuRecordRow[], text: string, state: VerifactuState) {
    const ids = records.map((r) => r.id);
    await db.execute(sql`
      update verifactu_records set attempts = attempts + 1, error_text = ${text},
        state = ${state}, sent_at = case when ${state} = 'pending' then sent_at else now() end
      where id in (${sql.join(ids, sql`, `)}) and state = 'pending'`);
  }

  /** One submission for a license, if its turn has come. */
  async function submit(licenseId: number): Promise<SubmissionResult | null> {
    if (!(await claim(licenseId))) return null;
    const records = await batch(licenseId);
    if (!records.length) {
      await release(licenseId, 0, null, null);
      return { licenseId, sent: 0, outcome: 'answered' };
    }
    const [settings, certificate] = await Promise.all([
      deps.settings.ofLicense(licenseId),
      deps.settings.verifactuCertificate(licenseId),
    ]);
    const issuer = issuerOf(settings);
    if (!certificate || !issuer) {
      const error = !certificate ? 'no certificate' : 'no billing data';
      await release(licenseId, NOT_READY_SECONDS, null, error);
      return { licenseId, sent: 0, outcome: 'not_ready', error };
    }
    // A record AEAT's rules would refuse is marked so (its text says why) rather than sent.
    const valid: VerifactuRecordRow[] = [];
    for (const record of records) {
      try {
        buildRegistroXml(record.payload as unknown as VerifactuRecord);
        valid.push(record);
      } catch (error) {
        if (!(error instanceof VerifactuValidationError)) throw error;
        await fail([record], error.message, 'incorrect');
      }
    }
    if (!valid.length) {
      await release(licenseId, 0, null, null);
      return { licenseId, sent: 0, outcome: 'refused', error: 'records refused by the rules' };
    }
    return send(licenseId, valid, issuer.name, certificate);
  }

  async function send(
    licenseId: number,
    records: VerifactuRecordRow[],
    issuerName: string,
    certificate: { pfx: Buffer; passphrase: string },
  ): Promise<SubmissionResult> {
    const environment = records[0]!.environment;
    try {
      const client = makeClient({
        endpoint: deps.endpoint ?? verifactuEndpoint(environment),
        pfx: certificate.pfx,
        passphrase: certificate.passphrase,
      });
      const envelope = buildRegFactuRequest({
        obligado: { name: issuerName, nif: records[0]!.issuerTaxId },
        records: records.map((r) => r.payload as unknown as VerifactuRecord),
      });
      const answer = await client.submit(envelope);
      await settle(records, answer.lines, answer.csv ?? null);
      await release(licenseId, answer.tiempoEsperaEnvio, answer.tiempoEsperaEnvio, null);
      return { licenseId, sent: records.length, outcome: 'answered' };
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (error instanceof CertificateError) {
        await release(licenseId, NOT_READY_SECONDS, null, `certificate: ${error.reason}`);
        return { licenseId, sent: 0, outcome: 'not_ready', error: text };
      }
      if (error instanceof VerifactuFault && error.faultCode === 'client') {
        // AEAT refused the request itself: nothing was stored; the records say why.
        await fail(records, `SOAP Client fault: ${error.faultString}`, 'incorrect');
        await release(licenseId, RETRY_SECONDS, null, text);
        return { licenseId, sent: records.length, outcome: 'refused', error: text };
      }
      await fail(records, text, 'pending');
      await release(licenseId, RETRY_SECONDS, null, text);
      return { licenseId, sent: 0, outcome: 'retry', error: text };
    }
  }

  return {
    submit,
    /** Every license whose turn has come (the minute job). */
    async run(): Promise<SubmissionResult[]> {
      const results: SubmissionResult[] = [];
      for (const licenseId of await dueLicenses()) {
        const result = await submit(licenseId);
        if (result) results.push(result);
      }
      return results;
    },
  };
}
export type VerifactuSubmitter = ReturnType<typeof createVerifactuSubmitter>;

/** A record's state from AEAT's line; a duplicate of a record AEAT holds is that record's state. */
function stateOf(line: VerifactuResponseLine): { state: VerifactuState; code?: number; text?: string } {
  if (line.estadoRegistro === 'Correcto') return { state: 'correct' };
  const code = line.codigoError;
  const text = line.descripcionError;
  if (line.estadoRegistro === 'AceptadoConErrores') return { state: 'accepted_with_errors', code, text };
  const held = line.duplicado?.estado;
  if (held === 'Correcta' || held === 'Anulada') return { state: 'correct', code, text };
  if (held === 'AceptadaConErrores') return { state: 'accepted_with_errors', code, text };
  return { state: 'incorrect', code, text };
}
