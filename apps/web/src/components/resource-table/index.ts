export { ResourceTable } from './resource-table';
export type {
  FilterCondition,
  PrimaryAction,
  ResourceColumn,
  ResourceTableProps,
  Sort,
  ToolbarContext,
} from './types';
