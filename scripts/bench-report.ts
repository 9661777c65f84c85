// Turns vitest's benchmark JSON into bench/RESULTS.md: one row per (airq case, baseline) pair
// of a describe group, with both figures, the ratio and N, under a header naming the machine.
// A bench whose name starts with "airq" is ours; every other bench in its group is a baseline.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';

interface BenchEntry {
  readonly name: string;
  readonly hz: number;
  readonly mean: number;
  readonly p99: number;
  readonly rme: number;
  readonly sampleCount: number;
}
interface BenchGroup {
  readonly fullName: string;
  readonly benchmarks: readonly BenchEntry[];
}
interface BenchReport {
  readonly files: readonly { readonly filepath: string; readonly groups: readonly BenchGroup[] }[];
}

const [jsonPath = 'bench/.last-run.json', outPath = 'bench/RESULTS.md'] = process.argv.slice(2);
const report = JSON.parse(readFileSync(jsonPath, 'utf8')) as BenchReport;

const isOurs = (entry: BenchEntry) => /^airq\b/i.test(entry.name);
// N from a group title: `N=100k`, or else a count such as `1M installations` / `(43,200)`.
const groupSize = (name: string) =>
  (/\bN\s*=\s*([\d,_.]+\s*[kM]?)/.exec(name) ??
    /\b([\d,.]+\s*[kM]?)\s+installations\b/.exec(name) ??
    /\(([\d,]+)\)/.exec(name))?.[1]?.trim() ?? '';

/** Mean time per operation, in the unit that keeps 3 significant digits readable. */
function formatTime(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toPrecision(3)} s`;
  if (ms >= 1) return `${ms.toPrecision(3)} ms`;
  if (ms >= 0.001) return `${(ms * 1000).toPrecision(3)} µs`;
  return `${(ms * 1e6).toPrecision(3)} ns`;
}

const rows: string[] = [];
for (const file of report.files) {
  for (const group of file.groups) {
    const title = group.fullName.replace(/^.*?\.bench\.ts > /, '');
    const ours = group.benchmarks.filter(isOurs);
    const baselines = group.benchmarks.filter((entry) => !isOurs(entry));
    for (const mine of ours) {
      if (baselines.length === 0) {
        rows.push(
          `| ${title} | ${mine.name} | ${formatTime(mine.mean)} | — | — | — | ${groupSize(title)} |`,
        );
      }
      for (const base of baselines) {
        const ratio = base.mean / mine.mean;
        const verdict =
          ratio >= 1
            ? `${ratio.toFixed(ratio >= 100 ? 0 : 2)}× faster`
            : `${(1 / ratio).toFixed(2)}× slower`;
        rows.push(
          `| ${title} | ${mine.name} | ${formatTime(mine.mean)} ±${mine.rme.toFixed(1)}% | ${base.name} | ${formatTime(base.mean)} ±${base.rme.toFixed(1)}% | ${verdict} | ${groupSize(title)} |`,
        );
      }
    }
  }
}

const cpuModel = cpus()[0]?.model.trim() ?? 'unknown CPU';
const header = [
  '# Benchmark results',
  '',
  `Written by \`npm run bench\` on ${new Date().toISOString().slice(0, 10)}.`,
  `Machine: ${cpuModel}, ${cpus().length} cores; Node ${process.version}; ${process.platform} ${process.arch}.`,
  '',
  'Each row compares an airq case with a baseline measured in the same run (vitest bench,',
  'seeded data). Times are the mean per operation; "faster" is baseline time ÷ airq time.',
  '',
  '| case | airq | time | baseline | time | ratio | N |',
  '|---|---|---|---|---|---|---|',
];

const sections = [[...header, ...rows].join('\n')];

// The memory figure comes from its own process: it needs --expose-gc and a clean heap.
if (existsSync('bench/memory-per-sample.ts') && !process.argv.includes('--no-memory')) {
  const memory = execFileSync(
    process.execPath,
    ['--expose-gc', '--import', 'tsx', 'bench/memory-per-sample.ts'],
    { encoding: 'utf8', maxBuffer: 16 * 1024 * 1024 },
  );
  sections.push(`## Memory per stored sample\n\n\`\`\`\n${memory.trim()}\n\`\`\``);
}

// Marked sections belong to others (`npm run bench:http` writes `http`; `before-after` is the
// hand-kept record of profiling work); keep them across regenerations.
const MARKED_SECTION = /<!-- ([\w-]+):start -->[\s\S]*?<!-- \1:end -->/g;
const previous = existsSync(outPath) ? readFileSync(outPath, 'utf8') : '';
for (const match of previous.matchAll(MARKED_SECTION)) sections.push(match[0]);

writeFileSync(outPath, `${sections.join('\n\n')}\n`);
console.log(`wrote ${outPath}: ${rows.length} comparisons`);
