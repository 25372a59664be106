import type { InvoiceParty, InvoiceType } from '@mostrador/contract';
import { VerifactuValidationError } from '../../integrations/verifactu/errors.js';
import { aeatAmount, aeatDate, aeatTimestamp } from '../../integrations/verifactu/format.js';
import {
  type AltaDraft,
  type Destinatario,
  detalleDesglose,
  type Encadenamiento,
  huellaOf,
  type IDFacturaRef,
  type SistemaInformatico,
  sealRecord,
  type VerifactuRecord,
} from '../../integrations/verifactu/records.js';
import { checkAltaRules, checkAnulacionRules } from '../../integrations/verifactu/rules.js';
import { AppError } from '../../lib/app-error.js';
import { isSpanish, operationDescription } from './invoice-content.js';
import type { InvoiceRow, InvoicesRepository } from './invoices.repository.js';

/*
 * The license's chain of Verifactu records: each new record (an alta for an invoice, an anulación for
 * an annulment) is generated under the lock of the chain's head, chained to the last record (its
 * invoice key and huella), after checking that the last record still carries the huella of its own
 * fields and the head's. Records and their huellas never change afterwards.
 */

/** Mostrador as the invoicing system (SistemaInformatico) of every record; the producer from config. */
export interface SystemIdentity {
  producerName: string;
  producerTaxId: string;
  version: string;
}

function sistemaInformatico(identity: SystemIdentity, licenseId: number): SistemaInformatico {
  return {
    NombreRazon: identity.producerName,
    NIF: identity.producerTaxId,
    NombreSistemaInformatico: 'Mostrador',
    IdSistemaInformatico: 'MO',
    Version: identity.version,
    // Each license is an installation of its own, used by one taxpayer.
    NumeroInstalacion: `L${licenseId}`,
    TipoUsoPosibleSoloVerifactu: 'S',
    TipoUsoPosibleMultiOT: 'N',
    IndicadorMultiplesOT: 'N',
  };
}

/** The invoice's key as AEAT knows it: issuer tax id, number, issue date in its time zone. */
export function invoiceKey(
  invoice: Pick<InvoiceRow, 'issuer' | 'code' | 'issuedAt' | 'timeZone'>,
): IDFacturaRef {
  return {
    IDEmisorFactura: invoice.issuer.taxId ?? '',
    NumSerieFactura: invoice.code,
    FechaExpedicionFactura: aeatDate(invoice.issuedAt, invoice.timeZone),
  };
}

function destinatario(recipient: InvoiceParty): Destinatario {
  const taxId = recipient.taxId ?? '';
  const country = recipient.address.at(-1)?.split(',').at(-1)?.trim() ?? null;
  if (isSpanish(country) || /^[0-9A-Z]{9}$/.test(taxId)) return { NombreRazon: recipient.name, NIF: taxId };
  // A foreign customer: their VAT number (IDType 02), whose first letters are the country's code.
  return { NombreRazon: recipient.name, IDOtro: { IDType: '02', ID: taxId } };
}

const rectifying = (type: InvoiceType) => type.startsWith('R');
const withRecipient = (type: InvoiceType) => type !== 'F2' && type !== 'R5';

/** Locks the chain's head and checks the last record; answers what the next record chains to. */
async function lockedHead(repo: InvoicesRepository, licenseId: number) {
  const head = await repo.lockChain(licenseId);
  if (head.lastSeq === 0) return { head, chain: 'PrimerRegistro' as Encadenamiento };
  const last = await repo.lastRecord(licenseId);
  const payload = last?.payload as unknown as VerifactuRecord | undefined;
  if (
    !last ||
    !payload ||
    last.seq !== head.lastSeq ||
    last.hash !== head.lastHash ||
    huellaOf(payload) !== last.hash
  )
    throw new AppError('verifactuChainBroken');
  const chain: Encadenamiento = {
    IDEmisorFactura: head.lastIssuerTaxId!,
    NumSerieFactura: head.lastNumSerie!,
    FechaExpedicionFactura: head.lastIssueDate!,
    Huella: head.lastHash!,
  };
  return { head, chain };
}

/** A generation time never before the last record's (the chain's timestamps only go forward). */
function generationTime(lastGeneratedAt: Date | null): Date {
  const now = new Date();
  return lastGeneratedAt && lastGeneratedAt > now ? lastGeneratedAt : now;
}

async function append(
  repo: InvoicesRepository,
  licenseId: number,
  invoiceId: number,
  environment: 'test' | 'production',
  record: VerifactuRecord,
  key: IDFacturaRef,
  seq: number,
  generatedAt: Date,
) {
  const row = await repo.insertRecord({
    licenseId,
    invoiceId,
    kind: record.kind,
    seq,
    environment,
    issuerTaxId: key.IDEmisorFactura,
    numSerie: key.NumSerieFactura,
    issueDate: key.FechaExpedicionFactura,
    invoiceType: record.kind === 'alta' ? record.TipoFactura : null,
    totalTax: record.kind === 'alta' ? aeatAmount(record.CuotaTotal) : null,
    totalAmount: record.kind === 'alta' ? aeatAmount(record.ImporteTotal) : null,
    previousHash: record.Encadenamiento === 'PrimerRegistro' ? null : record.Encadenamiento.Huella,
    generatedAt: record.FechaHoraHusoGenRegistro,
    hash: record.Huella,
    payload: record as unknown as Record<string, unknown>,
  });
  await repo.updateChain(licenseId, {
    lastSeq: seq,
    lastHash: record.Huella,
    lastGeneratedAt: generatedAt,
    lastIssuerTaxId: key.IDEmisorFactura,
    lastNumSerie: key.NumSerieFactura,
    lastIssueDate: key.FechaExpedicionFactura,
  });
  return row;
}

/** What every record carries from the chain at the moment it is generated. */
type ChainLink = Pick<AltaDraft, 'Encadenamiento' | 'SistemaInformatico' | 'FechaHoraHusoGenRegistro'>;

/**
 * Generates the next record of the invoice's license under the lock of its chain's head: `seal` builds
 * it from the invoice's key and the chain's link, then it is stored and becomes the head.
 */
async function chainRecord(
  repo: InvoicesRepository,
  args: { invoice: InvoiceRow; environment: 'test' | 'production'; identity: SystemIdentity },
  seal: (key: IDFacturaRef, link: ChainLink) => VerifactuRecord,
) {
  const { invoice } = args;
  const { head, chain } = await lockedHead(repo, invoice.licenseId);
  const generatedAt = generationTime(head.lastGeneratedAt);
  const key = invoiceKey(invoice);
  const record = seal(key, {
    Encadenamiento: chain,
    SistemaInformatico: sistemaInformatico(args.identity, invoice.licenseId),
    FechaHoraHusoGenRegistro: aeatTimestamp(generatedAt, invoice.timeZone),
  });
  return append(
    repo,
    invoice.licenseId,
    invoice.id,
    args.environment,
    record,
    key,
    head.lastSeq + 1,
    generatedAt,
  );
}

/** The alta record of an issued invoice, appended to the license's chain in the issuing transaction. */
export async function appendAlta(
  repo: InvoicesRepository,
  args: {
    invoice: InvoiceRow;
    orderCode: number;
    environment: 'test' | 'production';
    identity: SystemIdentity;
    /** The invoice a rectifying one corrects, or the simplified one an F3 replaces. */
    related?: InvoiceRow;
  },
) {
  const { invoice, related } = args;
  return chainRecord(repo, args, (key, link) => {
    const record = sealRecord({
      kind: 'alta',
      ...key,
      NombreRazonEmisor: invoice.issuer.name,
      TipoFactura: invoice.type,
      ...(rectifying(invoice.type) ? { TipoRectificativa: 'I' as const } : {}),
      ...(rectifying(invoice.type) && related ? { FacturasRectificadas: [invoiceKey(related)] } : {}),
      ...(invoice.type === 'F3' && related ? { FacturasSustituidas: [invoiceKey(related)] } : {}),
      DescripcionOperacion: operationDescription(invoice.lines, args.orderCode),
      ...(withRecipient(invoice.type) && invoice.recipient
        ? { Destinatarios: [destinatario(invoice.recipient)] }
        : {}),
      Desglose: invoice.taxes.map((t) =>
        detalleDesglose({
          rateHundredths: t.taxPercentage,
          baseCents: t.taxBaseCents,
          cuotaCents: t.taxCents,
        }),
      ),
      CuotaTotal: invoice.taxCents,
      ImporteTotal: invoice.totalCents,
      ...link,
    });
    obeysAeat(() => checkAltaRules(record));
    return record;
  });
}

/**
 * A record AEAT would refuse is never written (it could not be corrected afterwards): 409 1000157
 * naming the field and the rule, so the sale or invoice waits until the data is fixed.
 */
function obeysAeat(check: () => void) {
  try {
    check();
  } catch (error) {
    if (!(error instanceof VerifactuValidationError)) throw error;
    throw new AppError('verifactuRecordInvalid', [{ field: error.field, message: error.rule }]);
  }
}

/** The anulación record of an annulled invoice, chained in the annulling transaction. */
export async function appendAnulacion(
  repo: InvoicesRepository,
  args: {
    invoice: InvoiceRow;
    environment: 'test' | 'production';
    identity: SystemIdentity;
  },
) {
  return chainRecord(repo, args, (key, link) => {
    const record = sealRecord({
      kind: 'anulacion',
      IDEmisorFacturaAnulada: key.IDEmisorFactura,
      NumSerieFacturaAnulada: key.NumSerieFactura,
      FechaExpedicionFacturaAnulada: key.FechaExpedicionFactura,
      ...link,
    });
    obeysAeat(() => checkAnulacionRules(record));
    return record;
  });
}
