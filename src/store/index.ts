export { InMemoryStore, type InMemoryStoreOptions } from './in-memory-store.js';
export {
  INGEST_ERROR_MESSAGE_LIMIT,
  IngestError,
  type IngestOptions,
  type IngestReport,
  type RejectedSample,
  type Sample,
} from './ingest-report.js';
export {
  type InstallationIssue,
  installationIssues,
  isStoredInstallation,
} from './installation-validation.js';
export { type ParsedInstallationsJson, parseInstallationsJson } from './installations-json.js';
export {
  describeLoadIssue,
  LOAD_ISSUE_MESSAGE_LIMIT,
  type LoadIssue,
  StoreLoadError,
} from './load-issues.js';
export {
  loadStoreFromFiles,
  loadStoreFromText,
  type NamedText,
  type StoreFiles,
  type StoreTexts,
} from './load-store.js';
export type { InstallationLookup, MeasurementStore } from './measurement-store.js';
export {
  analyseReplacements,
  type ReplacementAnalysis,
  type ReplacementIssue,
} from './replacement-graph.js';
export { type ParsedSamplesCsv, parseSamplesCsv, SAMPLES_CSV_HEADER } from './samples-csv.js';
export { publicInstallation, type StoredInstallation } from './stored-installation.js';
