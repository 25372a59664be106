/**
 * The lists' constants and types, without zod: a list screen reads them (page sizes, the count's cap, its
 * filters' shape) without loading the schemas that validate a list's query (list.ts re-exports them).
 */

export const filterOps = ['eq', 'neq', 'in', 'nin', 'gt', 'gte', 'lt', 'lte', 'like', 'isNull'] as const;
export type FilterOp = (typeof filterOps)[number];
export type Filters = Record<string, Partial<Record<FilterOp, unknown>>>;
export type SortDirection = 'asc' | 'desc';
export type Orders = Record<string, SortDirection>;

/** Above this many rows a list answers `total: 10000, totalCapped: true` and pages stop there. */
export const maxCountedRows = 10_000;
export const defaultPageSize = 50;
export const maxPageSize = 500;
