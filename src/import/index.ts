export {
  type ImportOptions,
  importOpenData,
} from './import-open-data.js';
// Every export of the report module is public: its sources, error, issue and summary types and
// the two formatters, so the list is not written out a second time here.
export * from './import-report.js';
