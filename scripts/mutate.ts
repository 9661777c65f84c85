// Mutation testing of the computation core, one folder at a time (docs/mutation.md).
//
//   npm run mutate                          # all six folders, one after another
//   npm run mutate -- indexes geo           # only these folders
//   npm run mutate -- geo --concurrency 1   # with an override for a busy machine
//
// Each folder is its own StrykerJS run (stryker.config.mjs, narrowed with `mutate` and
// `testFiles`), so each gets its own score, its own break threshold, its own report under
// reports/mutation/ and its own incremental file, which lets a later run reuse the results of
// unchanged mutants. The runs are sequential: each already keeps both cores busy.

import type { PartialStrykerOptions } from '@stryker-mutator/api/core';
import { Stryker } from '@stryker-mutator/core';
import { PROPERTY_RUNS_VARIABLE } from '../test/helpers/property-runs.js';

// The mutants run in a zone with a :45 offset, not in the machine's (often UTC): a mutant that
// lets the process time zone into a computation (parsing a zone-less timestamp as local time,
// say) then changes results and is caught by the tests, as in CI's loop over time zones.
process.env.TZ = 'Asia/Kathmandu';

const FOLDERS = ['time', 'series', 'indexes', 'standards', 'geo', 'assessment'] as const;
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
  },
});

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
  force?: boolean;
}

function parseArgs(args: readonly string[]): { folders: Folder[]; overrides: Overrides } {
  const folders: Folder[] = [];
  const overrides: Overrides = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!; // ! : i < length
    if (arg === '--force') overrides.force = true;
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
        `mutate: unknown argument ${JSON.stringify(arg)}; use folders (${FOLDERS.join(', ')}), --concurrency N, --timeoutMS N or --force`,
      );
    }
  }
  return { folders: folders.length === 0 ? [...FOLDERS] : folders, overrides };
}

async function mutateFolder(folder: Folder, overrides: Overrides): Promise<FolderScore> {
  const startedMs = Date.now();
  const plan = PLANS[folder];
  // The test runners are child processes started by this run: they inherit the variable.
  if (plan.propertyRuns === undefined) delete process.env[PROPERTY_RUNS_VARIABLE];
  else process.env[PROPERTY_RUNS_VARIABLE] = String(plan.propertyRuns);
  const options: PartialStrykerOptions = {
    mutate: [`src/${folder}/**/*.ts`, `!src/${folder}/index.ts`],
    testFiles: plan.tests.map((tests) => `test/${tests}/**/*.test.ts`),
    incrementalFile: `reports/stryker-incremental-${folder}.json`,
    htmlReporter: { fileName: `reports/mutation/${folder}.html` },
    jsonReporter: { fileName: `reports/mutation/${folder}.json` },
    ...(plan.timeoutMS === undefined ? {} : { timeoutMS: plan.timeoutMS }),
    ...(plan.vitestConfig === undefined ? {} : { vitest: { configFile: plan.vitestConfig } }),
    ...overrides,
  };
  const results = await new Stryker(options).runMutationTest();
  delete process.env[PROPERTY_RUNS_VARIABLE];
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

const { folders, overrides } = parseArgs(process.argv.slice(2));
const scores: FolderScore[] = [];
for (const folder of folders) scores.push(await mutateFolder(folder, overrides));
console.log(
  '\n| folder | score | detected | undetected | static (ignored) | invalid | property runs | run time |',
);
console.log('|---|---|---|---|---|---|---|---|');
for (const s of scores) {
  const runs = PLANS[s.folder].propertyRuns ?? 1000;
  console.log(
    `| src/${s.folder} | ${percent(s)} | ${s.detected} | ${s.undetected} | ${s.ignored} | ${s.invalid} | ${runs} | ${s.seconds} s |`,
  );
}
// Stryker sets process.exitCode to 1 when a folder scores below thresholds.break.
