// Mutation testing of the computation core, one folder at a time (docs/mutation.md).
//
//   npm run mutate                 # all five folders, one after another
//   npm run mutate -- indexes geo  # only these folders
//
// Each folder is its own StrykerJS run (stryker.config.mjs, narrowed with `mutate`), so each
// gets its own score, its own break threshold, its own report under reports/mutation/ and its
// own incremental file, which lets a later run reuse the results of unchanged mutants. The
// runs are sequential: each already keeps both cores busy.
import { Stryker } from '@stryker-mutator/core';

// The mutants run in a zone with a :45 offset, not in the machine's (often UTC): a mutant that
// lets the process time zone into a computation (parsing a zone-less timestamp as local time,
// say) then changes results and is caught by the tests, as in CI's loop over time zones.
process.env.TZ = 'Asia/Kathmandu';

const FOLDERS = ['time', 'series', 'indexes', 'standards', 'geo'] as const;
type Folder = (typeof FOLDERS)[number];

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

function parseFolders(args: readonly string[]): Folder[] {
  if (args.length === 0) return [...FOLDERS];
  for (const arg of args) {
    if (!(FOLDERS as readonly string[]).includes(arg)) {
      throw new Error(`mutate: unknown folder ${JSON.stringify(arg)}; use ${FOLDERS.join(', ')}`);
    }
  }
  return args as Folder[];
}

async function mutateFolder(folder: Folder): Promise<FolderScore> {
  const startedMs = Date.now();
  const stryker = new Stryker({
    mutate: [`src/${folder}/**/*.ts`, `!src/${folder}/index.ts`],
    incrementalFile: `reports/stryker-incremental-${folder}.json`,
    htmlReporter: { fileName: `reports/mutation/${folder}.html` },
    jsonReporter: { fileName: `reports/mutation/${folder}.json` },
  });
  const results = await stryker.runMutationTest();
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

const scores: FolderScore[] = [];
for (const folder of parseFolders(process.argv.slice(2))) {
  scores.push(await mutateFolder(folder));
}
console.log('\n| folder | score | detected | undetected | static (ignored) | invalid | run time |');
console.log('|---|---|---|---|---|---|---|');
for (const s of scores) {
  console.log(
    `| src/${s.folder} | ${percent(s)} | ${s.detected} | ${s.undetected} | ${s.ignored} | ${s.invalid} | ${s.seconds} s |`,
  );
}
// Stryker sets process.exitCode to 1 when a folder scores below thresholds.break.
