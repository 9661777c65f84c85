// Pins the runtime names of every public entry point. A name added to or removed from a
// subpath fails this test, so growing the public surface is a decision written down here, not
// a side effect of a refactor. Types are erased at run time; `npm run check:package` (attw)
// covers the declaration files.
import { describe, expect, it } from 'vitest';
import { PUBLIC_ENTRIES } from '../scripts/entries.js';

const TIME = [
  'CURRENT_WINDOW_MS',
  'HOURS_PER_SERIES',
  'MS_PER_DAY',
  'MS_PER_HOUR',
  'MS_PER_MINUTE',
  'floorHourMs',
  'formatTimestamp',
  'hourlyWindows',
  'measurementWindows',
  'parseTimestamp',
];
const SERIES = ['TimeSeries', 'sampleProblem'];
const INDEXES = [
  'AUS_AQC_INDEX',
  'CAQI_INDEX',
  'CA_AQHI_INDEX',
  'CN_AQI_INDEX',
  'DEFAULT_INDEX_TYPE',
  'DEU_UBA_INDEX',
  'EAQI_INDEX',
  'FRA_ATMO_INDEX',
  'HKG_AQHI_INDEX',
  'INDEX_DEFINITIONS',
  'INDEX_INPUT_NAMES',
  'INDEX_TABLES',
  'INDEX_TYPE_NAMES',
  'IN_NAQI_INDEX',
  'KOR_CAI_INDEX',
  'PIJP_INDEX',
  'SGP_PSI_INDEX',
  'THA_AQI_INDEX',
  'UK_DAQI_INDEX',
  'US_AQI_INDEX',
  'VENDOR_CAQI_INDEX',
  'computeIndex',
  'computeIndexWith',
  'computeIndexWithTable',
  'defineBreakpointIndex',
  'defineIndexLevels',
  'defineIndexTable',
  'gridIndex',
  'indexTableProblems',
  'isIndexTypeName',
  'pijpIndexTable',
  'roundHalfUp2',
  'roundUp2',
];
const AVERAGING = ['INPUT_HOURS', 'averagingRule', 'indexInputs', 'krC24e', 'nowCast'];
const STANDARDS = ['DEFAULT_WHO_EDITION', 'WHO_EDITIONS', 'whoStandards'];
const META = ['MEASUREMENT_TYPE_NAMES', 'indexTypesMeta', 'measurementTypesMeta', 'payloadValues'];
const I18N = ['negotiateLanguage'];
const GEO = [
  'INTERPOLATION_RADIUS_KM',
  'InstallationIndex',
  'InverseDistanceWeights',
  'LiveInstallationIndex',
  'haversineKm',
  'interpolateAverages',
];
const STORE = [
  'InMemoryStore',
  'IngestError',
  'StoreLoadError',
  'correctedAverages',
  'loadStoreFromFiles',
  'loadStoreFromText',
];
// A subpath of its own, so that only its users load the optional `pg` peer dependency.
const STORE_POSTGRES = ['PostgresStore'];
const PAYLOAD = ['createMeasurementsService'];
const FORECAST = [
  'FORECAST_POLLUTANTS',
  'baselineForecast',
  'baselineForecaster',
  'createBaselineForecaster',
  'persistenceForecaster',
  'sameHourYesterdayForecaster',
];
const SAMPLE = ['DEFAULT_SAMPLE_SEED', 'createSampleNetwork'];
const HTTP = [
  'InMemoryCounterStore',
  'createApi',
  'createFetchHandler',
  'webDeflateRaw',
  'webGzip',
];
const HTTP_NODE = [
  'createNodeDeflateRaw',
  'createNodeGzip',
  'createNodeListener',
  'respondToClientError',
];
// Node only (files and streams), so a subpath of its own and not in the root.
const IMPORT = [
  'IMPORT_SOURCES',
  'ImportError',
  'formatImportIssue',
  'formatImportSummary',
  'importOpenData',
];
const HTTP_REDIS = ['DEFAULT_REDIS_DEADLINE_MS', 'RedisCounterStore'];
// Node only (files): live writes kept in a journal beside the in-memory store.
const STORE_JOURNAL = [
  'JOURNAL_FILE_NAME',
  'JournaledStore',
  'NODE_JOURNAL_FILES',
  'SampleJournal',
  'openJournalFile',
  'syncDirectory',
];
// Pure, but a subpath only: its building blocks (dailyMeans, roundHalfUp …) are assessment terms.
const ASSESSMENT = [
  'AOT40_POSSIBLE_HOURS',
  'AOT40_THRESHOLD_UGM3',
  'ASSESSED_POLLUTANTS',
  'ASSESSMENT_STANDARDS',
  'HOURLY_CSV_HEADER',
  'MIN_HOURS_PER_8H_MEAN',
  'MIN_HOURS_PER_DAY',
  'MIN_MEANS_PER_DAY',
  'US_MOLAR_MASS_G_PER_MOL',
  'US_MOLAR_VOLUME_L',
  'aot40',
  'assessSeries',
  'dailyMaxEightHourMeans',
  'dailyMeans',
  'formatAssessmentTable',
  'hourlyMeansOfSeries',
  'hourlyMeansOfStore',
  'kthHighest',
  'nearestRank',
  'nearestRankPercentile',
  'parseHourlyCsv',
  'roundHalfUp',
  'runningEightHourMeans',
  'truncateDecimals',
  'ugm3ToUsPpb',
  'ugm3ToUsPpm',
];
// Pure, but a subpath only: sensor corrections are a step before the core, not part of it.
const CORRECTIONS = [
  'CORRECTION_METHODS',
  'combineChannels',
  'compareWithReference',
  'correctPm25',
  'correctPm25Value',
  'fitLinearCorrection',
];
// Pure, but a subpath only: analyses of years of data, beside the core rather than in it.
const TRENDS = [
  'aggregatePeriods',
  'aggregateWind',
  'mannKendall',
  'rollingMean',
  'senSlope',
  'theilSen',
  'timeProfile',
];
// What `airq --follow` runs, for a program of its own: a follower, the sources, the sink.
const FOLLOW = [
  'ALWAYS_HELD_LEASE',
  'OPENAQ_BASE_URL',
  'PURPLEAIR_BASE_URL',
  'PollFailure',
  'SENSOR_COMMUNITY_BASE_URL',
  'SENSOR_COMMUNITY_READ_BYTES_PER_SECOND',
  'SYSTEM_FOLLOW_CLOCK',
  'createFollowSink',
  'openAqSource',
  'purpleAirSource',
  'sensorCommunitySource',
  'sourceAttributions',
  'startFollower',
];
// The root forwards the pure core, the store and the payload, plus the model's one runtime
// value; the adapter, the sample network, the spatial index (geo) and the forecasters are
// subpaths only (the service composes the last two itself).
const ROOT = [
  ...TIME,
  ...SERIES,
  ...INDEXES,
  ...AVERAGING,
  ...STANDARDS,
  ...META,
  ...I18N,
  ...STORE,
  ...PAYLOAD,
  'LANGUAGES',
];

const EXPECTED: Record<keyof typeof PUBLIC_ENTRIES, readonly string[]> = {
  index: ROOT,
  time: TIME,
  series: SERIES,
  indexes: INDEXES,
  averaging: AVERAGING,
  standards: STANDARDS,
  meta: META,
  i18n: I18N,
  geo: GEO,
  store: STORE,
  'store/postgres': STORE_POSTGRES,
  'store/journal': STORE_JOURNAL,
  payload: PAYLOAD,
  forecast: FORECAST,
  sample: SAMPLE,
  http: HTTP,
  'http/node': HTTP_NODE,
  import: IMPORT,
  'http/redis': HTTP_REDIS,
  assessment: ASSESSMENT,
  corrections: CORRECTIONS,
  trends: TRENDS,
  follow: FOLLOW,
};

describe('public entry points', () => {
  it('lists every entry of scripts/entries.ts', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(Object.keys(PUBLIC_ENTRIES).sort());
  });

  // A budget, so that the root stays a short list: a module that grows it past 70 runtime names
  // becomes a subpath only (as assessment, corrections, geo and forecast are).
  it('keeps the root at 70 runtime names at most', () => {
    expect(ROOT.length).toBeLessThanOrEqual(70);
  });

  it.each(Object.entries(PUBLIC_ENTRIES))(
    '%s exports exactly its pinned names',
    async (name, path) => {
      const module: Record<string, unknown> = await import(`../${path}`);
      const expected = EXPECTED[name as keyof typeof PUBLIC_ENTRIES];
      expect(Object.keys(module).sort()).toEqual([...expected].sort());
    },
  );
});
