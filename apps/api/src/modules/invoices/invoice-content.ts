import { type InvoiceParty, type Settings, spanishTaxIdPattern } from '@mostrador/contract';
import type { StoredInvoiceLine, StoredInvoiceTax } from './invoices.table.js';

/*
 * What an invoice says, computed from the company's settings, the customer and the order's lines:
 * pure functions, so the invoice is a copy of these at the moment it is issued.
 */

const joinNonEmpty = (parts: (string | null | undefined)[], separator: string) =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(separator);

/** The issuer: the billing legal name and address, else the company's; the Verifactu tax id, else its VAT. */
export function issuerOf(settings: Settings): InvoiceParty | null {
  const b = settings.billing;
  const name = (b.legalName ?? settings.companyName)?.trim();
  const taxId = (settings.verifactu.taxId ?? settings.vat)?.trim().toUpperCase();
  if (!name || !taxId) return null;
  const own = b.street || b.postalCode || b.city;
  const street = own ? b.street : settings.street;
  const postalCode = own ? b.postalCode : settings.postalCode;
  const city = own ? b.city : settings.city;
  const state = own ? b.state : settings.state;
  const country = (own ? b.country : settings.country) ?? null;
  return {
    name,
    taxId,
    address: [street, joinNonEmpty([postalCode, city], ' '), joinNonEmpty([state, country], ', ')].filter(
      (l): l is string => Boolean(l?.trim()),
    ),
  };
}

export interface CustomerForInvoice {
  name: string;
  surname: string | null;
  company: string | null;
  vat: string | null;
  street: string | null;
  streetNumber: string | null;
  postalCode: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
}

/** Whether a customer's country is Spain (or not given: a Spanish business's customers mostly are). */
export function isSpanish(country: string | null): boolean {
  if (!country?.trim()) return true;
  const c = country.trim().toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');
  return [
    'es',
    'esp',
    'espana',
    'spain',
    'espanya',
    'espainia',
    'espagne',
    'spanien',
    'spagna',
    'espanha',
  ].includes(c);
}

/** The customer's tax id as AEAT takes it: upper case, without spaces, dots or dashes. */
export function normalizedTaxId(vat: string): string {
  return vat.toUpperCase().replace(/[\s.\-/]/g, '');
}

/** Why a customer cannot be a full invoice's recipient, or null when it can. */
export function recipientProblem(customer: CustomerForInvoice): 'noTaxId' | 'invalidTaxId' | null {
  if (!customer.vat?.trim()) return 'noTaxId';
  const taxId = normalizedTaxId(customer.vat);
  if (isSpanish(customer.country) ? !spanishTaxIdPattern.test(taxId) : !/^[0-9A-Z]{2,20}$/.test(taxId))
    return 'invalidTaxId';
  return null;
}

/** The recipient as printed: the company name when given, else the person; tax id and address. */
export function recipientOf(customer: CustomerForInvoice): InvoiceParty {
  const person = joinNonEmpty([customer.name, customer.surname], ' ');
  return {
    name: customer.company?.trim() || person,
    taxId: customer.vat ? normalizedTaxId(customer.vat) : null,
    address: [
      joinNonEmpty([customer.street, customer.streetNumber], ' '),
      joinNonEmpty([customer.postalCode, customer.city], ' '),
      joinNonEmpty([customer.state, customer.country], ', '),
    ].filter(Boolean),
  };
}

export interface OrderLineForInvoice {
  productId: number;
  productName: string;
  quantity: number;
  unitPriceCents: number;
  discountCents: number;
  taxPercentage: number;
  taxBaseCents: number;
  totalCents: number;
}

/** The invoice's lines: the order's, as sold (a refund's are negative). */
export function invoiceLinesOf(lines: OrderLineForInvoice[]): StoredInvoiceLine[] {
  return lines.map((l) => ({
    description: l.productName,
    productId: l.productId,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    discountCents: l.discountCents,
    taxPercentage: l.taxPercentage,
    taxBaseCents: l.taxBaseCents,
    totalCents: l.totalCents,
  }));
}

/** The VAT breakdown: base and tax per rate, in rate order; the tax is what the lines' totals add over their bases. */
export function taxesOf(lines: StoredInvoiceLine[]): StoredInvoiceTax[] {
  const byRate = new Map<number, StoredInvoiceTax>();
  for (const l of lines) {
    const entry = byRate.get(l.taxPercentage) ?? {
      taxPercentage: l.taxPercentage,
      taxBaseCents: 0,
      taxCents: 0,
    };
    entry.taxBaseCents += l.taxBaseCents;
    entry.taxCents += l.totalCents - l.taxBaseCents;
    byRate.set(l.taxPercentage, entry);
  }
  return [...byRate.values()].sort((a, b) => a.taxPercentage - b.taxPercentage);
}

/** `2026-000042` with the series' prefix: `T2026-000042`, `R2026-000042`. */
export function invoiceCode(prefix: string, year: number, number: number): string {
  return `${prefix}${year}-${String(number).padStart(6, '0')}`;
}

/** What the operation was, for AEAT's DescripcionOperacion (at most 500 characters). */
export function operationDescription(lines: StoredInvoiceLine[], orderCode: number): string {
  const names = [...new Set(lines.map((l) => l.description.trim()).filter(Boolean))].join(', ');
  const text = names ? `${names} (#${orderCode})` : `#${orderCode}`;
  return text.length <= 500 ? text : `${text.slice(0, 497)}...`;
}
