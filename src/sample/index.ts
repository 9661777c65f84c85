export type { SampleNetworkIds } from './network-layout.js';
export {
  createSampleNetwork,
  DEFAULT_SAMPLE_SEED,
  type SampleNetwork,
  type SampleNetworkOptions,
  type SampleReadings,
} from './sample-network.js';
