import { and, asc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { chainTo, huellaOf, type VerifactuRecord } from '../../integrations/verifactu/records.js';
import { verifactuChains, verifactuRecords } from './verifactu.table.js';

export interface ChainCheck {
  checked: number;
  ok: boolean;
  firstBreak: { seq: number; invoiceCode: string; reason: string } | null;
}

const pageSize = 5000;

/**
 * Recomputes a license's chain of Verifactu records from the first: each record's huella from its own
 * fields, its link to the previous record (key and huella), the numbering of the chain, the columns
 * against the record as sent, and the chain's head against the last record. Answers the first break.
 * Reads in pages of 5,000 in chain order, so 100,000 records cost little memory.
 */
export async function checkChain(db: DbOrTx, licenseId: number): Promise<ChainCheck> {
  let checked = 0;
  type Link = { seq: number; hash: string; record: VerifactuRecord };
  let previous = null as Link | null;
  const fail = (seq: number, invoiceCode: string, reason: string): ChainCheck => ({
    checked,
    ok: false,
    firstBreak: { seq, invoiceCode, reason },
  });
  for (;;) {
    const rows = await db
      .select({
        seq: verifactuRecords.seq,
        numSerie: verifactuRecords.numSerie,
        hash: verifactuRecords.hash,
        previousHash: verifactuRecords.previousHash,
        generatedAt: verifactuRecords.generatedAt,
        payload: verifactuRecords.payload,
      })
      .from(verifactuRecords)
      .where(
        and(
          eq(verifactuRecords.licenseId, licenseId),
          gt(verifactuRecords.seq, (previous as Link | null)?.seq ?? 0),
        ),
      )
      .orderBy(asc(verifactuRecords.seq))
      .limit(pageSize);
    for (const row of rows) {
      const record = row.payload as unknown as VerifactuRecord;
      const expectedSeq: number = (previous?.seq ?? 0) + 1;
      if (row.seq !== expectedSeq) return fail(row.seq, row.numSerie, `record ${expectedSeq} is missing`);
      if (huellaOf(record) !== row.hash || record.Huella !== row.hash)
        return fail(row.seq, row.numSerie, 'its huella is not that of its fields');
      if (record.FechaHoraHusoGenRegistro !== row.generatedAt)
        return fail(row.seq, row.numSerie, 'its generation time differs from the record sent');
      if (!previous) {
        if (record.Encadenamiento !== 'PrimerRegistro' || row.previousHash !== null)
          return fail(row.seq, row.numSerie, 'the first record does not start the chain');
      } else {
        const link = record.Encadenamiento;
        const expected = chainTo(previous.record);
        if (
          link === 'PrimerRegistro' ||
          link.Huella !== previous.hash ||
          row.previousHash !== previous.hash ||
          link.NumSerieFactura !== expected.NumSerieFactura ||
          link.IDEmisorFactura !== expected.IDEmisorFactura ||
          link.FechaExpedicionFactura !== expected.FechaExpedicionFactura
        )
          return fail(row.seq, row.numSerie, 'it is not chained to the previous record');
      }
      previous = { seq: row.seq, hash: row.hash, record };
      checked++;
    }
    if (rows.length < pageSize) break;
  }
  const [head] = await db.select().from(verifactuChains).where(eq(verifactuChains.licenseId, licenseId));
  if (previous && (head?.lastSeq !== previous.seq || head.lastHash !== previous.hash))
    return fail(
      previous.seq,
      chainTo(previous.record).NumSerieFactura,
      'the chain’s head is not its last record',
    );
  return { checked, ok: true, firstBreak: null };
}
