export {
  type ImportOptions,
  importOpenData,
} from './import-open-data.js';
export { IMPORT_OUTPUT_FILES } from './import-output.js';
export {
  formatImportSummary,
  IMPORT_SOURCES,
  ImportError,
  type ImportIssue,
  type ImportSource,
  type ImportSummary,
} from './import-report.js';
