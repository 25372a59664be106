import { z } from 'zod';
import { exportFormats } from './reports.js';

/**
 * The lists that export what they show (issue 18): `POST /admin/exports/{list}` answers a CSV or XLSX
 * file, streamed, of every row matching the list's search, filters and sort (no 10,000-row cap), with the
 * columns asked, in their order. Each list needs its own find permission (licenses: the platform's).
 */
export const exportableLists = [
  'orders',
  'bookings',
  'customers',
  'products',
  'calendars',
  'anomalies',
  'employees',
  'mails',
  'licenses',
  'subscriptions',
  'suppliers',
  'giftVouchers',
  'cashRegisters',
  'invoices',
  'taxes',
] as const;
export type ExportableList = (typeof exportableLists)[number];

export const exportColumn = z.object({
  /** A field of the list's item as the list endpoint answers it (e.g. `amount`, `createdAt`). */
  key: z.string().min(1).max(60),
  /** The column's title as the user sees it (the web sends it in the user's language). */
  label: z.string().max(120),
  /** Words for coded values (e.g. a status `paid` → "Pagado"); values not listed are written as they are. */
  values: z.record(z.string(), z.string().max(120)).optional(),
});
export type ExportColumn = z.infer<typeof exportColumn>;

export const exportBody = z.object({
  format: z.enum(exportFormats),
  columns: z.array(exportColumn).min(1).max(60),
  /** The list's own parameters, as its list endpoint takes them (objects here, not JSON strings). */
  query: z.string().trim().max(200).optional(),
  filters: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  orders: z.record(z.string(), z.enum(['asc', 'desc'])).optional(),
  /** Extra scope a list screen passes in its path (e.g. the calendar of the anomalies list). */
  scope: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ExportBody = z.infer<typeof exportBody>;

export * from './export-header.js';
