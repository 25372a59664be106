/**
 * Suppliers' value lists, without zod: the suppliers list reads them without the schemas (suppliers.ts
 * re-exports them).
 */

export const supplierStatuses = ['inactive', 'active'] as const;
export type SupplierStatus = (typeof supplierStatuses)[number];
