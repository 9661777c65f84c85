export {
  type ImportOptions,
  importOpenData,
} from './import-open-data.js';
export {
  formatImportIssue,
  formatImportSummary,
  IMPORT_SOURCES,
  ImportError,
  type ImportIssue,
  type ImportSource,
  type ImportSummary,
} from './import-report.js';
