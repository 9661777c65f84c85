export type { SampleNetworkIds } from './network-layout.js';
export {
  createSampleNetwork,
  DEFAULT_SAMPLE_SEED,
  type SampleNetwork,
  type SampleNetworkOptions,
} from './sample-network.js';
