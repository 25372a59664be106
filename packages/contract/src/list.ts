import { z } from 'zod';
import { defaultPageSize, type Filters, filterOps, maxPageSize, type Orders } from './list-constants.js';

export * from './list-constants.js';

function jsonParam<T extends z.ZodType>(inner: T) {
  return z
    .string()
    .transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'must be valid JSON' });
        return z.NEVER;
      }
    })
    .pipe(inner);
}

const filtersShape = z.record(z.string(), z.record(z.string(), z.unknown()));
const ordersShape = z.record(z.string(), z.enum(['asc', 'desc']));

/**
 * The list parameters of every list endpoint; `fields` are the names a caller may filter and sort by.
 * Unknown fields and operators fail validation with the field named.
 */
export function listQuery<const F extends readonly string[]>(fields: F) {
  const allowed = new Set<string>(fields);
  const ops = new Set<string>(filterOps);
  return z
    .object({
      query: z.string().trim().max(200).optional(),
      filters: jsonParam(filtersShape).optional(),
      orders: jsonParam(ordersShape).optional(),
      page: z.coerce.number().int().min(1).default(1),
      limit: z.coerce.number().int().min(1).max(maxPageSize).default(defaultPageSize),
    })
    .superRefine((value, ctx) => {
      for (const [field, condition] of Object.entries(value.filters ?? {})) {
        if (!allowed.has(field)) {
          ctx.addIssue({ code: 'custom', path: ['filters', field], message: 'unknown filter field' });
          continue;
        }
        for (const [op, operand] of Object.entries(condition)) {
          if (!ops.has(op)) {
            ctx.addIssue({ code: 'custom', path: ['filters', field, op], message: 'unknown operator' });
          } else if ((op === 'in' || op === 'nin') && !Array.isArray(operand)) {
            ctx.addIssue({ code: 'custom', path: ['filters', field, op], message: 'must be an array' });
          } else if (op === 'isNull' && typeof operand !== 'boolean') {
            ctx.addIssue({ code: 'custom', path: ['filters', field, op], message: 'must be a boolean' });
          }
        }
      }
      for (const field of Object.keys(value.orders ?? {})) {
        if (!allowed.has(field)) {
          ctx.addIssue({ code: 'custom', path: ['orders', field], message: 'unknown order field' });
        }
      }
    });
}

export type ListQuery = {
  query?: string;
  filters?: Filters;
  orders?: Orders;
  page: number;
  limit: number;
};

export function listResponse<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.object({
      items: z.array(item),
      total: z.number().int(),
      totalCapped: z.boolean().optional(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  });
}

export interface ListResult<T> {
  items: T[];
  total: number;
  totalCapped?: boolean;
  page: number;
  limit: number;
}
