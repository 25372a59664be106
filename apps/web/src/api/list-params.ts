import type { Filters, ListQuery, Orders } from '@mostrador/contract';
import type { QueryValue } from './client';

/** The list parameters every list endpoint takes (contract `ListQuery`). */
export type ListParams = ListQuery;

export function toListQuery(params: ListParams): Record<string, QueryValue> {
  const query: Record<string, QueryValue> = { page: params.page, limit: params.limit };
  if (params.query) query.query = params.query;
  if (hasKeys(params.orders)) query.orders = params.orders as Orders;
  if (hasKeys(params.filters)) query.filters = params.filters as Filters;
  return query;
}

function hasKeys(value: object | undefined): boolean {
  return !!value && Object.keys(value).length > 0;
}
