import type { ResourceColumn, Sort } from './types';

/** Shown unless the user chose otherwise: everything but `id` and the columns hidden by default. */
export function defaultVisibleKeys<T>(columns: ResourceColumn<T>[]): string[] {
  return columns.filter((c) => c.key !== 'id' && !c.defaultHidden).map((c) => c.key);
}

/** The saved choice, ignoring columns that no longer exist; the defaults when nothing usable is saved. */
export function visibleKeys<T>(columns: ResourceColumn<T>[], saved: string[] | undefined): string[] {
  const known = new Set(columns.map((c) => c.key));
  const kept = (saved ?? []).filter((key) => known.has(key));
  return kept.length ? kept : defaultVisibleKeys(columns);
}

/** The sort in force: the URL's, else the saved one, else the list's default; only on sortable columns. */
export function effectiveSort<T>(
  columns: ResourceColumn<T>[],
  fromUrl: Sort | null,
  saved: { sortField?: string | null; sortOrder?: 'asc' | 'desc' | null },
  fallback: Sort | undefined,
): Sort | null {
  const sortable = new Set(columns.filter((c) => c.sortable).map((c) => c.key));
  if (fromUrl && sortable.has(fromUrl.field)) return fromUrl;
  if (saved.sortField && sortable.has(saved.sortField)) {
    return { field: saved.sortField, order: saved.sortOrder ?? 'asc' };
  }
  return fallback ?? null;
}
