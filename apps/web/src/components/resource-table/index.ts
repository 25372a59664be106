export { booleanWords, exportWords } from '../export';
export { DayRangeFilter } from './day-range-filter';
export { ResourceTable } from './resource-table';
export { TextFilter } from './text-filter';
export type {
  FilterCondition,
  PrimaryAction,
  ResourceColumn,
  ResourceTableProps,
  Sort,
  ToolbarContext,
} from './types';
