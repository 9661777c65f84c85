import { createSampleNetwork, type SampleNetwork } from '../../src/sample/sample-network.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';
import type { NaiveDataset } from './payload-naive-series.js';

/** The embedded sample network and the very samples it stored, as the naive baseline's data. */
export interface CapturedSampleNetwork {
  readonly network: SampleNetwork;
  readonly naive: NaiveDataset;
}

/**
 * Builds the sample network and records every sample it writes into its store, so that the
 * naive baseline works on exactly the same data. The network writes through
 * `InMemoryStore.ingestColumns`, which is wrapped for the duration of the build and restored
 * afterwards (the store has no public way to read its raw samples back).
 *
 * @param nowMs - the fixed creation time of the network (epoch ms)
 * @throws Error when the recorded samples do not add up to the store's `sampleCount`
 * @example
 * const { network, naive } = await captureSampleNetwork(Date.parse('2026-11-21T09:27:00Z'));
 * naive.installations.length; // 166
 */
export async function captureSampleNetwork(nowMs: number): Promise<CapturedSampleNetwork> {
  const recorded = new Map<number, Sample[]>();
  let recordedCount = 0;
  const prototype = InMemoryStore.prototype;
  const ingestColumns = prototype.ingestColumns;
  prototype.ingestColumns = function recordColumns(installationId, name, atMs, values) {
    let samples = recorded.get(installationId);
    if (samples === undefined) {
      samples = [];
      recorded.set(installationId, samples);
    }
    for (let i = 0; i < atMs.length; i++) {
      samples.push({ installationId, name, atMs: atMs[i]!, value: values[i]! }); // i < length
    }
    recordedCount += atMs.length;
    return ingestColumns.call(this, installationId, name, atMs, values);
  };
  let network: SampleNetwork;
  try {
    network = createSampleNetwork({ now: nowMs });
  } finally {
    prototype.ingestColumns = ingestColumns;
  }
  if (recordedCount !== network.store.sampleCount) {
    throw new Error(
      `bench/payload: recorded ${recordedCount} samples, the store holds ${network.store.sampleCount}`,
    );
  }
  const installations = await network.store.listActiveInstallations();
  return {
    network,
    naive: {
      installations,
      samples: installations.map((installation) => recorded.get(installation.id) ?? []),
    },
  };
}
