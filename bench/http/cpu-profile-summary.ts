// Reads a V8 `.cpuprofile` (from `node --cpu-prof`) and lists where the time went: the
// functions with the most self time, and self time per source area. Also runnable:
//   npx tsx bench/http/cpu-profile-summary.ts <file.cpuprofile> [top]
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REPO_ROOT } from './server-process.js';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}
interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** Self time of one function or one area, ms and share of the profile. */
export interface SelfTime {
  readonly name: string;
  readonly selfMs: number;
  readonly share: number;
}

/** What a profile says. */
export interface ProfileSummary {
  readonly totalMs: number;
  readonly functions: readonly SelfTime[];
  readonly areas: readonly SelfTime[];
  /** Our own (`src/`) functions by total time: self time plus everything they called. */
  readonly ownTotals: readonly SelfTime[];
}

function frameName(node: ProfileNode): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const location = shortLocation(url);
  const name = functionName || '(anonymous)';
  if (location === '') return name;
  // tsx-compiled modules report every function on line 0; a line number would mislead there.
  return lineNumber > 0 ? `${name} ${location}:${lineNumber + 1}` : `${name} ${location}`;
}

// Paths inside this checkout, or inside another one (`bench:http --tree`), from its root.
function shortLocation(url: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? fileURLToPath(url) : url;
  if (path.startsWith(REPO_ROOT)) return path.slice(REPO_ROOT.length);
  const ownFolder = /\/((?:src|bench|scripts)\/.*)$/.exec(path);
  return ownFolder !== null && !path.includes('/node_modules/') ? ownFolder[1]! : path; // group 1 always matches
}

// Coarse areas: our folders one by one, Node's internals, dependencies, V8's own entries.
function areaOf(location: string, functionName: string): string {
  if (location === '') return functionName.startsWith('(') ? functionName : '(native)';
  const ours = /^(src\/[^/]+)\//.exec(location);
  if (ours !== null) return ours[1]!; // group 1 always matches
  if (location.startsWith('node:'))
    return location.replace(/^node:(internal\/)?([^/]+).*$/, 'node:$2');
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(location);
  return dependency !== null ? dependency[1]! : location; // group 1 always matches
}

function rank(selfMs: Map<string, number>, totalMs: number, top: number): SelfTime[] {
  return [...selfMs]
    .map(([name, ms]) => ({ name, selfMs: ms, share: totalMs > 0 ? ms / totalMs : 0 }))
    .sort((a, b) => b.selfMs - a.selfMs)
    .slice(0, top);
}

/**
 * Self time per function (name and location) and per area (`src/http`, `node:http`, `(garbage
 * collector)` …), largest first.
 *
 * @param top - how many functions to list (areas: all of them)
 * @example
 * summariseCpuProfile(JSON.parse(readFileSync(file, 'utf8')), 20).functions[0];
 * // { name: 'writeHead node:_http_server:…', selfMs: 812.4, share: 0.081 }
 */
export function summariseCpuProfile(profile: CpuProfile, top = 25): ProfileSummary {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of profile.nodes) {
    for (const child of node.children ?? []) parentOf.set(child, node.id);
  }
  const functionMs = new Map<string, number>();
  const areaMs = new Map<string, number>();
  const ownMs = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const node = byId.get(id);
    // Deltas are µs, and delta i+1 is how long sample i lasted.
    const ms = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (node === undefined) return;
    const name = frameName(node);
    functionMs.set(name, (functionMs.get(name) ?? 0) + ms);
    const area = areaOf(shortLocation(node.callFrame.url), node.callFrame.functionName);
    areaMs.set(area, (areaMs.get(area) ?? 0) + ms);
    totalMs += ms;
    // Each of our functions on the stack gets the sample once, even when it recurses.
    const onStack = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at);
      if (frame !== undefined && shortLocation(frame.callFrame.url).startsWith('src/')) {
        onStack.add(frameName(frame));
      }
    }
    for (const own of onStack) ownMs.set(own, (ownMs.get(own) ?? 0) + ms);
  });
  return {
    totalMs,
    functions: rank(functionMs, totalMs, top),
    areas: rank(areaMs, totalMs, Number.POSITIVE_INFINITY),
    ownTotals: rank(ownMs, totalMs, top),
  };
}

/**
 * The summary as plain text lines for the console; with `requests`, each time also per request.
 *
 * @param requests - requests answered while the profile was taken
 * @example
 * formatProfileSummary(summary)[0]; // 'profile: 10,012 ms sampled'
 * formatProfileSummary(summary, 80_000)[2]; // '   4481 ms  44.8%   56.01 µs/request  (idle)'
 */
export function formatProfileSummary(summary: ProfileSummary, requests?: number): string[] {
  const perRequest = (ms: number) =>
    requests === undefined || requests < 1
      ? ''
      : ` ${((ms * 1000) / requests).toFixed(2).padStart(7)} µs/request`;
  const line = (entry: SelfTime) =>
    `${entry.selfMs.toFixed(0).padStart(7)} ms ${(entry.share * 100).toFixed(1).padStart(5)}%${perRequest(entry.selfMs)}  ${entry.name}`;
  return [
    `profile: ${Math.round(summary.totalMs).toLocaleString('en-US')} ms sampled`,
    'self time by area:',
    ...summary.areas.map(line),
    'top functions by self time:',
    ...summary.functions.map(line),
    'our functions by total time (self + callees):',
    ...summary.ownTotals.map(line),
  ];
}

if (process.argv[1] !== undefined && fileURLToPath(import.meta.url) === resolve(process.argv[1])) {
  const [file, top = '25'] = process.argv.slice(2);
  if (file === undefined) throw new Error('usage: cpu-profile-summary.ts <file.cpuprofile> [top]');
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  for (const line of formatProfileSummary(summariseCpuProfile(profile, Number(top)))) {
    console.log(line);
  }
}
