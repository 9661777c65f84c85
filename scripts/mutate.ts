// Mutation testing of the computation core, one folder at a time (docs/mutation.md).
//
//   npm run mutate                                  # every folder, every mutant
//   npm run mutate -- indexes geo                   # only these folders
//   npm run mutate -- --incremental indexes         # reuse the results of unchanged mutants
//   npm run mutate -- geo --concurrency 1           # with an override for a busy machine
//
// Each folder is its own StrykerJS run (stryker.config.mjs, narrowed with `mutate` and
// `testFiles`), so each gets its own score, its own break threshold, its own report under
// reports/mutation/ and its own incremental file. The runs are sequential: each already keeps
// both cores busy.
//
// Every run writes the folder's incremental file: the status of each mutant, which tests cover
// and kill it, and the sources of the mutated and test files. A plain run tests every mutant;
// with --incremental, Stryker reuses the status of each mutant whose code and covering tests did
// not change since that file was written, so only the others run, and the score still counts
// every mutant. The folders CI checks keep that file committed in test/mutation/ (the baseline
// CI's incremental run starts from); the others keep it in the ignored reports/.

import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { PROPERTY_RUNS_VARIABLE } from '../test/helpers/property-runs.js';

// The mutants run in a zone with a :45 offset, not in the machine's (often UTC): a mutant that
// lets the process time zone into a computation (parsing a zone-less timestamp as local time,
// say) then changes results and is caught by the tests, as in CI's loop over time zones.
process.env.TZ = 'Asia/Kathmandu';

const FOLDERS = [
  'time',
  'series',
  'indexes',
  'standards',
  'geo',
  'assessment',
  'corrections',
  'trends',
] as const;
type Folder = (typeof FOLDERS)[number];

interface FolderPlan {
  /**
   * The test folders whose files reach the folder's code (checked with the import graph):
   * only they run, in the dry run and for each mutant.
   */
  readonly tests: readonly string[];
  /**
   * fast-check cases per property for the tests that read test/helpers/property-runs.ts;
   * absent: the normal 1,000. Fewer cases can only let more mutants survive, so the score
   * measured with fewer is a lower bound of the score at 1,000 (docs/mutation.md).
   */
  readonly propertyRuns?: number;
  /** Stryker's `timeoutMS` for this folder; absent: stryker.config.mjs's. */
  readonly timeoutMS?: number;
  /** The vitest config of the test runner; absent: vitest.stryker.config.ts. */
  readonly vitestConfig?: string;
  /**
   * Checked by CI (.ci/run) with --incremental: the folder's incremental file is committed, in
   * test/mutation/, as the baseline of CI's run.
   */
  readonly committedBaseline?: true;
}

const PLANS: Readonly<Record<Folder, FolderPlan>> = Object.freeze({
  time: { tests: ['time', 'series', 'indexes', 'standards', 'geo', 'averaging'] },
  // At 1,000 cases the series properties make the instrumented first run alone take minutes and
  // the whole run hours; 20 cases measured 90.29% in 36 min (docs/mutation.md).
  series: { tests: ['series'], propertyRuns: 20 },
  // One module graph per run, as for assessment (vitest.stryker.indexes.config.ts).
  indexes: {
    tests: ['indexes', 'standards', 'averaging'],
    vitestConfig: 'vitest.stryker.indexes.config.ts',
    committedBaseline: true,
  },
  standards: { tests: ['standards'] },
  // Nearly every geo test reaches haversine.ts, so each of geo's ~780 mutants reruns most of
  // test/geo, whose brute-force properties take about 20 s at 1,000 cases (docs/mutation.md).
  // Its endless-loop mutants (a walk that never empties its stack) are the slow ones: 5 s on
  // top of twice the covering tests' time still leaves a merely slower mutant room to finish.
  geo: { tests: ['geo'], propertyRuns: 100, timeoutMS: 5000 },
  // Nearly every assessment test reaches the whole folder, and the property comparing
  // assessSeries with the naive oracle costs about 35 ms a case, so 5 cases keep the run at a
  // few minutes (20 cases: 45 min on one core); the worked examples, the hand-worked edges and
  // the building-block tests do most of the killing. Its vitest config runs the cheap files
  // first and shares one module graph per run (docs/mutation.md).
  // Many of its endless-loop mutants (a loop counter run backwards) wait for the timeout rather
  // than reach the hit limit (22 of 37): 5 s, as for geo, on top of twice the tests' own time.
  assessment: {
    tests: ['assessment'],
    propertyRuns: 5,
    timeoutMS: 5000,
    vitestConfig: 'vitest.stryker.assessment.config.ts',
    committedBaseline: true,
  },
  corrections: { tests: ['corrections'], committedBaseline: true },
  // Of the test folders, test/trends alone imports src/trends directly (test/cli and test/docs
  // reach it through `airq trend`, whole commands; test/index.test.ts only through the barrel).
  // Its properties check against brute-force oracles (every pair slope sorted, Φ to 450 digits,
  // one Intl call per instant): under the mutation config its tests take 11 s at 1,000 cases and
  // 3.5 s at 100, before instrumentation. Its own vitest config adds test/trends, leaves out the
  // child-process and 5,000-value limit tests and shares one module graph per run
  // (vitest.stryker.trends.config.ts).
  trends: {
    tests: ['trends'],
    propertyRuns: 100,
    vitestConfig: 'vitest.stryker.trends.config.ts',
    committedBaseline: true,
  },
});

/** Where the folder's incremental file lives (relative to the project root, as Stryker reads it). */
function incrementalFileOf(folder: Folder): string {
  return PLANS[folder].committedBaseline
    ? `test/mutation/${folder}.incremental.json`
    : `reports/stryker-incremental-${folder}.json`;
}

// Results that count in the score: detected over detected plus undetected. Ignored (static)
// mutants and those that do not compile or crash the runner are not valid mutants.
const DETECTED = new Set(['Killed', 'Timeout']);
const UNDETECTED = new Set(['Survived', 'NoCoverage']);

interface FolderScore {
  folder: Folder;
  detected: number;
  undetected: number;
  ignored: number;
  invalid: number;
  seconds: number;
}

/** Command-line overrides of stryker.config.mjs, for one run on a busy or a quiet machine. */
interface Overrides {
  concurrency?: number;
  timeoutMS?: number;
}

interface Args {
  folders: Folder[];
  incremental: boolean;
  overrides: Overrides;
}

function parseArgs(args: readonly string[]): Args {
  const folders: Folder[] = [];
  const overrides: Overrides = {};
  let incremental = false;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!; // ! : i < length
    if (arg === '--incremental') incremental = true;
    else if (arg === '--concurrency' || arg === '--timeoutMS') {
      const value = args[++i];
      const number = value !== undefined && /^[1-9][0-9]*$/.test(value) ? Number(value) : 0;
      if (number === 0) {
        throw new Error(`mutate: ${arg} needs a whole number >= 1, got ${JSON.stringify(value)}`);
      }
      overrides[arg === '--concurrency' ? 'concurrency' : 'timeoutMS'] = number;
    } else if ((FOLDERS as readonly string[]).includes(arg)) folders.push(arg as Folder);
    else {
      throw new Error(
        `mutate: unknown argument ${JSON.stringify(arg)}; use folders (${FOLDERS.join(', ')}), --incremental, --concurrency N or --timeoutMS N`,
      );
    }
  }
  return { folders: folders.length === 0 ? [...FOLDERS] : folders, incremental, overrides };
}

// --- What Stryker's incremental diff does not see ---------------------------------------------
//
// Stryker reuses a mutant's status when the mutated file's code around it and the test files
// that cover it are unchanged. It does not look at the other files those tests and sources
// import (test/helpers, other src folders) or at the dependencies. The incremental file records
// a digest of each of them, so that an incremental run can name the ones changed since: the
// statuses it reuses may then be out of date, and a full run settles it.

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(?\s*)'(\.{1,2}\/[^']+)'/g;

/** Every project file reachable by relative imports from `roots`, the roots included. */
function importClosure(roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const pending = [...roots];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file) || !existsSync(file)) continue;
    seen.add(file);
    for (const [, specifier] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const target = relative('.', resolve(dirname(file), specifier!)); // ! : group 1 always matches
      pending.push(target.endsWith('.js') ? `${target.slice(0, -3)}.ts` : target);
    }
  }
  return seen;
}

/**
 * sha256 (its first 16 hex digits) of each file that the test files reach by relative imports,
 * other than the folder's own sources and those test files, and of the lockfile.
 */
function unseenInputs(folder: Folder, testFiles: readonly string[]): Record<string, string> {
  const seenByStryker = (file: string) =>
    file.startsWith(`src/${folder}/`) || testFiles.includes(file);
  const files = [...importClosure(testFiles)].filter((file) => !seenByStryker(file));
  files.push('package-lock.json');
  const digests: Record<string, string> = {};
  for (const file of files.sort()) {
    digests[file] = createHash('sha256').update(readFileSync(file)).digest('hex').slice(0, 16);
  }
  return digests;
}

/** The files of `before` whose digest differs in `after`, or that appear in only one of them. */
function changedInputs(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}

// --- The incremental file as committed ---------------------------------------------------------

interface ReportMutant {
  id: string;
  status: string;
  statusReason?: string;
  coveredBy?: string[];
  killedBy?: string[];
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
  [key: string]: unknown;
}
interface ReportTest {
  id: string;
  name: string;
  [key: string]: unknown;
}
interface IncrementalReport {
  files: Record<string, { mutants: ReportMutant[]; [key: string]: unknown }>;
  testFiles?: Record<string, { tests: ReportTest[]; [key: string]: unknown }>;
  projectRoot?: string;
  config?: unknown;
  framework?: { name: string; version: string };
  /** This script's own record (Stryker ignores keys it does not know). */
  airq?: { unseenInputs: Record<string, string> };
  [key: string]: unknown;
}

function readReport(file: string): IncrementalReport | undefined {
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as IncrementalReport)
    : undefined;
}

function byNumber(a: string, b: string): number {
  return Number(a) - Number(b) || (a < b ? -1 : a > b ? 1 : 0);
}

// Keys that lead, in this order; the others follow in code-point order.
const LEADING_KEYS = ['id', 'name', 'mutatorName', 'replacement', 'location', 'status'];

function keyRank(key: string): number {
  const rank = LEADING_KEYS.indexOf(key);
  return rank === -1 ? LEADING_KEYS.length : rank;
}

/**
 * The value with the keys of every object in one order, whatever order Stryker wrote them in (a
 * reused mutant's keys come in another order than a tested one's).
 */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value === null || typeof value !== 'object') return value;
  const keys = Object.keys(value).sort(
    (a, b) => keyRank(a) - keyRank(b) || (a < b ? -1 : a > b ? 1 : 0),
  );
  return Object.fromEntries(
    keys.map((key) => [key, canonical((value as Record<string, unknown>)[key])]),
  );
}

/**
 * Rewrites the incremental file Stryker just wrote so that it can be committed and read from
 * another folder, and stays small and stable between runs:
 * - no `projectRoot` (this machine's absolute path) and no `config` (the options of this run);
 * - only what the next run's diff reads: static (ignored) mutants are dropped, as a mutant the
 *   file calls ignored is run again anyway; a killed mutant keeps its killing tests, not every
 *   covering test (a kill is reused when one killing test still covers it unchanged); status
 *   reasons, which no diff reads, are dropped;
 * - files, mutants, tests and the keys of every object in a fixed order, tests numbered in
 *   that order, so that a rerun that changes no status rewrites the same file;
 * - formatted by Biome, as `npm run lint` checks every JSON file.
 */
function writePortableBaseline(file: string, folder: Folder): void {
  const report = readReport(file);
  if (report === undefined) throw new Error(`mutate: Stryker wrote no incremental file ${file}`);
  const newTestId = new Map<string, string>();
  const testFiles: NonNullable<IncrementalReport['testFiles']> = {};
  for (const name of Object.keys(report.testFiles ?? {}).sort()) {
    const testFile = report.testFiles![name]!; // ! : a key of it
    const tests = [...testFile.tests].sort((a, b) =>
      a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
    );
    testFiles[name] = {
      ...testFile,
      tests: tests.map((test) => {
        const id = String(newTestId.size);
        newTestId.set(test.id, id);
        return { ...test, id };
      }),
    };
  }
  // An id with no test (none seen so far) is dropped: a test missing from the old coverage can
  // only make the next run test the mutant again, never reuse a status it should not.
  const renumber = (ids: readonly string[]) =>
    ids.flatMap((id) => newTestId.get(id) ?? []).sort(byNumber);
  const files: IncrementalReport['files'] = {};
  for (const name of Object.keys(report.files).sort()) {
    const { mutants, ...rest } = report.files[name]!; // ! : a key of it
    files[name] = {
      ...rest,
      mutants: mutants
        .filter(({ status }) => status !== 'Ignored')
        .sort((a, b) => byNumber(a.id, b.id))
        .map(({ statusReason: _, coveredBy, killedBy, ...mutant }) => {
          // Empty lists are left out, as Stryker does for a tested mutant (not a reused one).
          const kept: ReportMutant = { ...mutant };
          if (coveredBy?.length && mutant.status !== 'Killed') kept.coveredBy = renumber(coveredBy);
          if (killedBy?.length) kept.killedBy = renumber(killedBy);
          return kept;
        }),
    };
  }
  const { projectRoot: _root, config: _config, framework, ...rest } = report;
  const portable: IncrementalReport = {
    ...rest,
    files,
    testFiles,
    ...(framework === undefined
      ? {}
      : { framework: { name: framework.name, version: framework.version } }),
    // The test files Stryker ran are the roots: those the vitest config excludes do not count.
    airq: { unseenInputs: unseenInputs(folder, Object.keys(testFiles)) },
  };
  writeFileSync(file, JSON.stringify(canonical(portable)));
  const biome = spawnSync(
    process.execPath,
    ['node_modules/@biomejs/biome/bin/biome', 'format', '--write', file],
    {
      encoding: 'utf8',
    },
  );
  if (biome.status !== 0) {
    throw new Error(`mutate: Biome could not format ${file}:\n${biome.stdout}${biome.stderr}`);
  }
}

// --- The runs ------------------------------------------------------------------------------------

async function mutateFolder(
  folder: Folder,
  incremental: boolean,
  overrides: Overrides,
): Promise<FolderScore> {
  const startedMs = Date.now();
  const plan = PLANS[folder];
  const incrementalFile = incrementalFileOf(folder);
  if (incremental) {
    const baseline = readReport(incrementalFile);
    const before = baseline?.airq?.unseenInputs;
    const testFiles = Object.keys(baseline?.testFiles ?? {});
    const changed =
      before === undefined ? [] : changedInputs(before, unseenInputs(folder, testFiles));
    if (changed.length > 0) {
      console.warn(
        `\nmutate: ${folder}: changed since ${incrementalFile} was written, and not seen by Stryker's incremental diff:\n` +
          changed.map((name) => `  ${name}\n`).join('') +
          `The statuses it reuses may be out of date; a full run (npm run mutate -- ${folder}) rewrites the file.\n`,
      );
    }
  }
  // The test runners are child processes started by this run: they inherit the variable.
  if (plan.propertyRuns === undefined) delete process.env[PROPERTY_RUNS_VARIABLE];
  else process.env[PROPERTY_RUNS_VARIABLE] = String(plan.propertyRuns);
  const options: PartialStrykerOptions = {
    mutate: [`src/${folder}/**/*.ts`, `!src/${folder}/index.ts`],
    testFiles: plan.tests.map((tests) => `test/${tests}/**/*.test.ts`),
    incrementalFile,
    // Without --incremental every mutant runs; the incremental file is written either way.
    force: !incremental,
    htmlReporter: { fileName: `reports/mutation/${folder}.html` },
    jsonReporter: { fileName: `reports/mutation/${folder}.json` },
    ...(plan.timeoutMS === undefined ? {} : { timeoutMS: plan.timeoutMS }),
    ...(plan.vitestConfig === undefined ? {} : { vitest: { configFile: plan.vitestConfig } }),
    ...overrides,
  };
  const results = await new Stryker(options).runMutationTest();
  delete process.env[PROPERTY_RUNS_VARIABLE];
  if (plan.committedBaseline) writePortableBaseline(incrementalFile, folder);
  const score: FolderScore = {
    folder,
    detected: 0,
    undetected: 0,
    ignored: 0,
    invalid: 0,
    seconds: Math.round((Date.now() - startedMs) / 1000),
  };
  for (const { status } of results) {
    if (DETECTED.has(status)) score.detected++;
    else if (UNDETECTED.has(status)) score.undetected++;
    else if (status === 'Ignored') score.ignored++;
    else score.invalid++;
  }
  return score;
}

function percent({ detected, undetected }: FolderScore): string {
  const valid = detected + undetected;
  return valid === 0 ? 'n/a' : `${((100 * detected) / valid).toFixed(2)}%`;
}

const { folders, incremental, overrides } = parseArgs(process.argv.slice(2));
const scores: FolderScore[] = [];
for (const folder of folders) scores.push(await mutateFolder(folder, incremental, overrides));
console.log(
  '\n| folder | score | detected | undetected | static (ignored) | invalid | property runs | run time |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const s of scores) {
  const runs = PLANS[s.folder].propertyRuns ?? 1000;
  console.log(
    `| src/${s.folder} | ${percent(s)} | ${s.detected} | ${s.undetected} | ${s.ignored} | ${s.invalid} | ${runs} | ${s.seconds} s${incremental ? ' (incremental)' : ''} |`,
  );
}
// Stryker sets process.exitCode to 1 when a folder scores below thresholds.break.
