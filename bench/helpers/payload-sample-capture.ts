import type { SampleNetwork } from '../../src/sample/sample-network.js';
import {
  type CapturedNetwork,
  captureNetworkSamples,
} from '../../test/helpers/store-sample-capture.js';
import type { NaiveDataset } from './payload-naive-series.js';

/** The embedded sample network and the very samples it stored, as the naive baseline's data. */
export interface CapturedSampleNetwork {
  readonly network: SampleNetwork;
  readonly naive: NaiveDataset;
}

/**
 * Builds the sample network and records every sample it writes into its store (through the
 * shared `captureNetworkSamples` test helper), so that the naive baseline works on exactly the
 * same data.
 *
 * @param nowMs - the fixed creation time of the network (epoch ms)
 * @throws Error when the recorded samples do not add up to the store's `sampleCount`
 * @example
 * const { network, naive } = await captureSampleNetwork(Date.parse('2026-11-21T09:27:00Z'));
 * naive.installations.length; // 166
 */
export async function captureSampleNetwork(nowMs: number): Promise<CapturedSampleNetwork> {
  let captured: CapturedNetwork;
  try {
    captured = captureNetworkSamples(nowMs);
  } catch (error) {
    throw new Error(`bench/payload: ${error instanceof Error ? error.message : String(error)}`);
  }
  const { network, samples } = captured;
  const installations = await network.store.listActiveInstallations();
  return {
    network,
    naive: {
      installations,
      samples: installations.map((installation) => samples.get(installation.id) ?? []),
    },
  };
}
