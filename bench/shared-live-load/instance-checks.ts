// What `npm run bench:shared-load` checks before it measures: every `airq` answers every
// route with a 200, the whole-network answer holds every installation (most with an index,
// since the samples file covers the last hours), and a push to each instance is stored. The
// first whole-network request of each instance is also the slowest it will see (every
// installation's element is computed once), so it is timed and reported, not measured.
import type { PostSpec } from '../live-data.js';
import type { ReadRoute } from './route-readers.js';

/** What the checks found: lines for the log and a sentence for the section. */
export interface InstanceChecks {
  readonly lines: readonly string[];
  readonly summary: string;
}

/** How long a check keeps trying again after 503s (a first request past the store's deadline), ms. */
const RETRY_FOR_MS = 180_000;

/** A 200 answer, with the wall time of every try until it came (503s first). */
interface CheckedAnswer {
  readonly text: string;
  readonly triesMs: readonly number[];
}

async function get(url: string, headers: Readonly<Record<string, string>>): Promise<CheckedAnswer> {
  const triesMs: number[] = [];
  const firstMs = performance.now();
  for (;;) {
    const startedMs = performance.now();
    const response = await fetch(url, { headers });
    const text = await response.text();
    triesMs.push(performance.now() - startedMs);
    if (response.status === 200) return { text, triesMs };
    if (response.status !== 503 || performance.now() - firstMs > RETRY_FOR_MS) {
      throw new Error(
        `bench-shared-load: ${url} answered ${response.status} (try ${triesMs.length}): ${text.slice(0, 300)}`,
      );
    }
  }
}

// "1 try, 200 in 0.84 s", or "6 tries: 503 after 2.01, 2.02 … s, then 200 in 1.10 s; 11.2 s in all".
function describeTries(triesMs: readonly number[]): string {
  const s = (ms: number) => (ms / 1000).toFixed(2);
  const last = triesMs.at(-1) ?? 0;
  if (triesMs.length === 1) return `1 try, 200 in ${s(last)} s`;
  const failed = triesMs.slice(0, -1).map(s).join(', ');
  const allMs = triesMs.reduce((sum, ms) => sum + ms, 0);
  return `${triesMs.length} tries: 503 after ${failed} s, then 200 in ${s(last)} s; ${s(allMs)} s in all`;
}

/**
 * Reads every route once from every instance (the network route first, timed), checks the
 * network's installations, and sends `checkPushes[i]` to instance `i`, which must answer 200
 * with what it stored.
 *
 * @example
 * const checks = await checkInstances(urls, headers, routes, pushes.slice(-3), 10_000);
 * checks.summary; // 'Before the warm-up …'
 */
export async function checkInstances(
  baseUrls: readonly string[],
  headers: Readonly<Record<string, string>>,
  routes: readonly ReadRoute[],
  checkPushes: readonly PostSpec[],
  installationCount: number,
): Promise<InstanceChecks> {
  const lines: string[] = [];
  const firstNetwork: string[] = [];
  const retried: string[] = [];
  let withIndex = 0;
  for (const [at, baseUrl] of baseUrls.entries()) {
    const ordered = [...routes].sort(
      (a, b) => Number(b.name.includes('network')) - Number(a.name.includes('network')),
    );
    for (const route of ordered) {
      const answer = await get(new URL(route.nextPath(), baseUrl).href, headers);
      const tries = describeTries(answer.triesMs);
      if (!route.name.includes('network')) {
        if (answer.triesMs.length > 1) retried.push(`${route.name} on airq ${at + 1}: ${tries}`);
        continue;
      }
      firstNetwork.push(`airq ${at + 1}: ${tries}`);
      const body = JSON.parse(answer.text) as {
        installations: { index: { value: number | null } }[];
      };
      if (body.installations.length !== installationCount) {
        throw new Error(
          `bench-shared-load: airq ${at + 1}'s network holds ${body.installations.length} installations, not ${installationCount}`,
        );
      }
      withIndex = body.installations.filter((element) => element.index.value !== null).length;
      lines.push(
        `airq ${at + 1}: first network answer: ${tries}; ${withIndex} of ${installationCount} with an index`,
      );
    }
    const push = checkPushes[at % checkPushes.length]!; // non-empty
    const response = await fetch(new URL(push.path, baseUrl), {
      method: 'POST',
      headers: push.headers,
      body: push.body,
    });
    const text = await response.text();
    if (response.status !== 200) {
      throw new Error(
        `bench-shared-load: a push to airq ${at + 1} answered ${response.status}: ${text.slice(0, 300)}`,
      );
    }
    const stored = (JSON.parse(text) as { stored: unknown[] }).stored.length;
    lines.push(`airq ${at + 1}: a push answered 200, ${stored} values stored`);
  }
  const summary = `Checked before the warm-up, one instance after the other: every instance answered every route with a 200; the first whole-network request of each instance, where it computes every installation's element once and then keeps them, sent again after a 503 until a 200 came: ${firstNetwork.join('; ')}${retried.length > 0 ? `; other routes tried again after a 503: ${retried.join('; ')}` : ''}. The network held all ${installationCount.toLocaleString('en-US')} installations, ${withIndex.toLocaleString('en-US')} with an index, and a push to each instance answered 200 with what it stored.`;
  return { lines, summary };
}
