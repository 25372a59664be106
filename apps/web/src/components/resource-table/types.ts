import type { ExportableList, FilterOp, Filters, ListResult, SortDirection } from '@mostrador/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import type { Breakpoint, TableProps } from 'antd';
import type { ReactNode } from 'react';
import type { ListParams } from '../../api/list-params';

export interface ResourceColumn<T> {
  /** The field name in the list answer; also the `orders` and preference key. */
  key: string;
  /** i18n key of the header. */
  title: string;
  /** A header shown as it is, instead of `title`'s translation (a name the company chose: a custom field). */
  label?: string;
  sortable?: boolean;
  render?: (record: T) => ReactNode;
  /** Hidden until the user shows it in the column chooser (the `id` column always is). */
  defaultHidden?: boolean;
  align?: 'left' | 'right' | 'center';
  width?: number | string;
  /**
   * The screen widths that show the column (antd's breakpoints); all when not given. (On phones a list
   * with a `phoneCard` shows the card alone.)
   */
  responsive?: Breakpoint[];
  /**
   * The export's words for the coded values the cells show translated (a status, a type, a yes/no):
   * `exportWords(orderStatuses, (code) => t(…))`. Values not listed go to the file as they are.
   */
  exportValues?: Record<string, string>;
  /** False when `key` is no field of the list's item (an image, a computed cell): the export leaves it out. */
  exported?: boolean;
}

export interface Sort {
  field: string;
  order: SortDirection;
}

export type FilterCondition = Partial<Record<FilterOp, unknown>>;

/** What filter controls in the toolbar read and change; filters live in the URL. */
export interface ToolbarContext {
  filters: Filters;
  setFilter: (field: string, condition: FilterCondition | undefined) => void;
}

export interface PrimaryAction {
  label: string;
  icon?: ReactNode;
  /** A link (new tab works) or a click handler, e.g. to open a modal. */
  to?: string;
  /** Navigation state that goes with `to`. */
  state?: unknown;
  onClick?: () => void;
  testId?: string;
}

export interface ResourceTableProps<T extends { id: number }> {
  /** Key of the saved preferences in `uiConfig.lists`. */
  pageKey: string;
  /** i18n key of the page title. */
  title: string;
  /** Values of the title's placeholders. */
  titleParams?: Record<string, string>;
  /** More header actions before the primary one (e.g. a switch to another view). */
  headerExtra?: ReactNode;
  /** Filters the page always applies, beyond the user's own (e.g. one supplier's products). */
  fixedFilters?: Filters;
  /** i18n key of the pluralised count line, given `count` and `formatted`. */
  countKey: string;
  columns: ResourceColumn<T>[];
  useList: (params: ListParams) => UseQueryResult<ListResult<T>>;
  defaultSort?: Sort;
  toolbar?: (context: ToolbarContext) => ReactNode;
  primaryAction?: PrimaryAction;
  /** Buttons at the end of each row (edit, delete, a menu for the rest). */
  rowActions?: (record: T) => ReactNode;
  /** i18n key saying why the list is empty when no search or filter is set. */
  emptyText?: string;
  /**
   * A row as a card on a phone (antd's xs, under 576 px): its main fields in a few lines. The card takes
   * the place of every column (its header is the sorted column's, to turn the order); the row actions stay.
   */
  phoneCard?: (record: T) => ReactNode;
  /** Check boxes at the start of the rows (antd's), for what the page does with several records at once. */
  rowSelection?: TableProps<T>['rowSelection'];
  /**
   * The list's export (`POST /admin/exports/{list}`): an "Export" menu (CSV, Excel) in the toolbar that
   * downloads every row of the search, filters and sort in force, in the columns shown.
   */
  exportList?: ExportableList;
  /** What the list's path names, for its export (the anomalies' `calendarId`). */
  exportScope?: Record<string, string | number>;
}
