// The sample network of the tests of test/sample/sample-network*.test.ts: built for one point in
// time by `beforeAll(loadSampleNetwork)` in each test file, with the hourly averages of the last
// 48 hours of every installation, active or retired. The `let` bindings are live: an importer
// reads the values of the last load.
import type { Installation } from '../../src/model/api-types.js';
import { createSampleNetwork, type SampleNetwork } from '../../src/sample/sample-network.js';
import { floorHourMs, MS_PER_HOUR } from '../../src/time/instant.js';
import { hourlyWindows } from '../../src/time/windows.js';

export const NOW = Date.parse('2026-11-21T09:27:13.000Z');

export let network: SampleNetwork;
export let active: readonly Installation[];
export let allIds: number[];
export const last48Hours = hourlyWindows(floorHourMs(NOW) - 48 * MS_PER_HOUR, 49);
// One record per window, as the store returns them.
type WindowRecords = Awaited<ReturnType<SampleNetwork['store']['windowAverages']>>;
export const hourly = new Map<number, WindowRecords>();

/** Builds the network at NOW and reads the hourly averages of every installation. */
export async function loadSampleNetwork(): Promise<void> {
  network = createSampleNetwork({ now: NOW });
  active = await network.store.listActiveInstallations();
  const { replaced, chainStart, chainMiddle, removed } = network.ids;
  allIds = [...active.map((i) => i.id), replaced, chainStart, chainMiddle, removed];
  for (const id of allIds) hourly.set(id, await network.store.windowAverages(id, last48Hours));
}
