// The append-only sample journal: live writes that survive a restart and a SIGKILL. Node only
// (it needs node:fs), so it has an entry of its own rather than a place in `airq/store`, which
// bundles for browsers.

export {
  JournaledStore,
  type JournaledStoreOptions,
  type JournalStartReport,
} from '../journaled-store.js';
export type { PlacedInstallation, PlaceKey, PlaceWriter } from '../placed-installation.js';
export type { JournalFile, JournalFiles } from './journal-file.js';
export { NODE_JOURNAL_FILES, openJournalFile, syncDirectory } from './journal-file.js';
export {
  type FsyncPolicy,
  JOURNAL_FILE_NAME,
  type JournalCompactionReport,
  type JournalReplayReport,
  SampleJournal,
  type SampleJournalOptions,
} from './sample-journal.js';
