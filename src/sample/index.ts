export { KRAKOW_STREETS, type KrakowStreet } from './krakow-streets.js';
export { SAMPLE_ACTIVE_SITE_COUNT, type SampleNetworkIds } from './network-layout.js';
export {
  createSampleNetwork,
  DEFAULT_SAMPLE_SEED,
  SAMPLE_NETWORK_HISTORY_MS,
  SAMPLE_NETWORK_RETENTION_MS,
  type SampleNetwork,
  type SampleNetworkOptions,
} from './sample-network.js';
export { SAMPLE_THIRD_PARTY_SPONSOR, SAMPLE_VENDOR_SPONSORS } from './sample-sponsors.js';
export { SAMPLE_WEATHER } from './signal-model.js';
export { SAMPLE_NETWORK_CENTRE } from './site-factory.js';
