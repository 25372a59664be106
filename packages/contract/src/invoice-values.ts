/**
 * Invoices' value lists, without zod: the invoices list reads them without the schemas (invoices.ts
 * re-exports them).
 */

/**
 * AEAT's invoice types (list L2): F1 full invoice, F2 simplified (ticket, no recipient identified), F3
 * a full invoice that replaces simplified ones, R1–R4 rectifying invoices by legal reason, R5 the
 * rectifying invoice of a simplified one.
 */
export const invoiceTypes = ['F1', 'F2', 'F3', 'R1', 'R2', 'R3', 'R4', 'R5'] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

/**
 * Why a refund of an invoiced order rectifies it (AEAT list L2): R1 error founded in law or art. 80
 * Uno, Dos and Seis LIVA (the default: returns, discounts after the sale), R2 art. 80.3 (insolvency),
 * R3 art. 80.4 (uncollectable debts), R4 any other reason. A simplified invoice is always rectified by
 * an R5.
 */
export const rectificationReasons = ['R1', 'R2', 'R3', 'R4'] as const;
export type RectificationReason = (typeof rectificationReasons)[number];

/** The numbering series (contract §6): full `2026-000042`, simplified `T2026-000042`, rectifying `R2026-…`. */
export const invoiceSeries = ['full', 'simplified', 'rectifying'] as const;
export type InvoiceSeries = (typeof invoiceSeries)[number];

/**
 * Where a Verifactu record stands with AEAT: `pending` until AEAT has answered for it; then AEAT's
 * `EstadoRegistro`: `correct` (Correcto), `accepted_with_errors` (AceptadoConErrores: stored by AEAT,
 * never sent again, its errors to fix with a correction), `incorrect` (Incorrecto: AEAT did not store
 * it; its error says what to fix).
 */
export const verifactuStates = ['pending', 'correct', 'accepted_with_errors', 'incorrect'] as const;
export type VerifactuState = (typeof verifactuStates)[number];
