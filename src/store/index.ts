export type {
  CorrectionMethod,
  CorrectionOptions,
  LinearCoefficients,
} from '../corrections/correction-options.js';
export { correctedAverages } from './corrected-averages.js';
export {
  InMemoryStore,
  type InMemoryStoreOptions,
  type PreparedIngest,
  type PreparedPlaces,
} from './in-memory-store.js';
export {
  IngestError,
  type IngestOptions,
  type IngestReport,
  type RejectedSample,
  type Sample,
} from './ingest-report.js';
export { type LoadIssue, StoreLoadError } from './load-issues.js';
export {
  loadStoreFromFiles,
  loadStoreFromText,
  type NamedText,
  type StoreFiles,
  type StoreTexts,
} from './load-store.js';
export type { InstallationLookup, MeasurementStore } from './measurement-store.js';
export type { PlacedInstallation, PlaceKey, PlaceWriter } from './placed-installation.js';
export type { StoredInstallation } from './stored-installation.js';
