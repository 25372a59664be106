export { ExportButton, ExportProgressModal } from './export-button';
export {
  booleanWords,
  buildExportBody,
  exportWords,
  type ListState,
  type ShownColumn,
} from './export-request';
