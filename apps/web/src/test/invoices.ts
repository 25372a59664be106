import type { Invoice, InvoiceListItem, VerifactuRecord } from '@mostrador/contract';

/** Invoices as the API answers them, for the unit tests of the invoice screens. */

export const alta = (overrides: Partial<VerifactuRecord> = {}): VerifactuRecord => ({
  id: 1,
  kind: 'alta',
  state: 'correct',
  hash: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
  generatedAt: '2026-03-02T10:16:00+01:00',
  environment: 'test',
  errorCode: null,
  errorText: null,
  csv: 'A-YDSW8NLFLANWPM',
  attempts: 1,
  sentAt: '2026-03-02T09:17:00Z',
  ...overrides,
});

export const fullInvoice: Invoice = {
  id: 70,
  code: '2026-000012',
  type: 'F1',
  series: 'full',
  orderId: 41,
  orderCode: 1040,
  customerId: 3,
  issuedAt: '2026-03-02T09:16:00Z',
  issueDate: '2026-03-02',
  language: 'es',
  issuer: { name: 'Peluquería Lucía SL', taxId: 'B12345678', address: ['Calle Mayor 1', '50001 Zaragoza'] },
  recipient: { name: 'Talleres Ebro SA', taxId: 'A50000001', address: ['Avenida Goya 3', '50005 Zaragoza'] },
  lines: [
    {
      description: 'Masaje 60 min',
      quantity: 2,
      unitPrice: 45.5,
      discount: 1,
      taxPercentage: 21,
      taxBase: 74.38,
      total: 90,
    },
    {
      description: 'Crema hidratante',
      quantity: 1,
      unitPrice: 12.1,
      discount: 0,
      taxPercentage: 10,
      taxBase: 11,
      total: 12.1,
    },
  ],
  taxes: [
    { taxPercentage: 10, taxBase: 11, tax: 1.1 },
    { taxPercentage: 21, taxBase: 74.38, tax: 15.62 },
  ],
  taxBase: 85.38,
  tax: 16.72,
  total: 102.1,
  rectifiedInvoice: null,
  replacedInvoice: null,
  annulment: null,
  verifactu: [alta()],
  createdBy: 1,
};

export const simplifiedInvoice: Invoice = {
  ...fullInvoice,
  id: 69,
  code: 'T2026-000031',
  type: 'F2',
  series: 'simplified',
  customerId: null,
  recipient: null,
  verifactu: [
    alta({
      id: 2,
      state: 'accepted_with_errors',
      errorCode: 1117,
      errorText: 'Si la factura es simplificada, el importe no puede superar el límite',
    }),
  ],
};

export const listItemOf = (invoice: Invoice): InvoiceListItem => ({
  id: invoice.id,
  code: invoice.code,
  type: invoice.type,
  series: invoice.series,
  issuedAt: invoice.issuedAt,
  orderId: invoice.orderId,
  orderCode: invoice.orderCode,
  customerId: invoice.customerId,
  recipientName: invoice.recipient?.name ?? null,
  recipientTaxId: invoice.recipient?.taxId ?? null,
  taxBase: invoice.taxBase,
  total: invoice.total,
  annulled: invoice.annulment !== null,
  verifactuState: invoice.verifactu.find((record) => record.kind === 'alta')?.state ?? null,
});

/** Makes `URL.createObjectURL` (missing in jsdom) record the files handed to the browser. */
export function captureDownloads(): { blobs: Blob[]; names: string[] } {
  const captured = { blobs: [] as Blob[], names: [] as string[] };
  URL.createObjectURL = (blob: Blob) => {
    captured.blobs.push(blob);
    return `blob:test/${captured.blobs.length}`;
  };
  URL.revokeObjectURL = () => {};
  HTMLAnchorElement.prototype.click = function click(this: HTMLAnchorElement) {
    captured.names.push(this.download);
  };
  return captured;
}
