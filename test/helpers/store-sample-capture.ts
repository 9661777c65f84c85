import { createSampleNetwork, type SampleNetwork } from '../../src/sample/sample-network.js';
import { InMemoryStore } from '../../src/store/in-memory-store.js';
import type { Sample } from '../../src/store/ingest-report.js';

/** The sample network and, per installation id, the very samples it stored. */
export interface CapturedNetwork {
  readonly network: SampleNetwork;
  readonly samples: ReadonlyMap<number, readonly Sample[]>;
}

/**
 * Builds the sample network at `nowMs` and records every sample it writes into its store, so
 * that a test can work its expected values out from the raw samples. The network writes
 * through `InMemoryStore.ingestColumns`, which is wrapped for the duration of the build and
 * restored afterwards (the store has no public way to read its raw samples back).
 *
 * @throws Error when the recorded samples do not add up to the store's `sampleCount`
 * @example
 * const { network, samples } = captureNetworkSamples(Date.parse('2026-11-21T09:27:00Z'));
 * samples.get(network.ids.chainEnd)?.length; // > 0
 */
export function captureNetworkSamples(nowMs: number): CapturedNetwork {
  const recorded = new Map<number, Sample[]>();
  let count = 0;
  const prototype = InMemoryStore.prototype;
  const ingestColumns = prototype.ingestColumns;
  prototype.ingestColumns = function recordColumns(installationId, name, atMs, values) {
    const samples = recorded.get(installationId) ?? [];
    recorded.set(installationId, samples);
    for (let i = 0; i < atMs.length; i++) {
      samples.push({ installationId, name, atMs: atMs[i]!, value: values[i]! }); // i < length
    }
    count += atMs.length;
    return ingestColumns.call(this, installationId, name, atMs, values);
  };
  let network: SampleNetwork;
  try {
    network = createSampleNetwork({ now: nowMs });
  } finally {
    prototype.ingestColumns = ingestColumns;
  }
  if (count !== network.store.sampleCount) {
    throw new Error(`recorded ${count} samples, the store holds ${network.store.sampleCount}`);
  }
  return { network, samples: recorded };
}
