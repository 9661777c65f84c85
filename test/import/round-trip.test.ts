// Properties of the whole import: the output is what an independent oracle computes from the
// generated source rows, every refused row is reported with its file and line, a file with no
// valid row leaves the output directory untouched, and import → export → import gives the same
// store (for both sources).
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { importOpenData } from '../../src/import/import-open-data.js';
import { ImportError, type ImportIssue } from '../../src/import/import-report.js';
import { loadStoreFromFiles } from '../../src/store/load-store.js';
import { scExpectation, scFilesArb, scFileText } from '../helpers/import-arbitraries.js';
import { openAqPagesArb, openAqPageTexts } from '../helpers/import-arbitraries-openaq.js';
import {
  exportOpenAq,
  exportSensorCommunity,
  type ImportedStore,
  type NamedFile,
  type OutputSample,
  readImportedStore,
  storeContent,
} from '../helpers/import-oracles.js';

const RUNS = { numRuns: 1000 };
const root = mkdtempSync(join(tmpdir(), 'airq-import-props-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeFiles(dir: string, files: readonly NamedFile[]): string[] {
  mkdirSync(dir, { recursive: true });
  return files.map((file) => {
    const path = join(dir, file.name);
    writeFileSync(path, file.text);
    return path;
  });
}

function snapshot(dir: string): Record<string, string> {
  if (!existsSync(dir)) return {};
  return Object.fromEntries(
    readdirSync(dir).map((name) => [name, readFileSync(join(dir, name), 'utf8')]),
  );
}

async function importInto(
  from: 'sensor-community' | 'openaq',
  files: string[],
  outDir: string,
  issues: ImportIssue[] = [],
): Promise<ImportedStore> {
  const summary = await importOpenData({ from, files, outDir, onIssue: (i) => issues.push(i) });
  return readImportedStore(summary.installationsPath, summary.samplesPath);
}

// The importer keeps 12 significant digits of a converted value; the oracle converts in its own
// order of operations, so the two agree to about 1e-11 relative.
function expectCloseSamples(actual: readonly OutputSample[], expected: readonly OutputSample[]) {
  expect(actual.map(([id, name, atMs]) => [id, name, atMs])).toEqual(
    expected.map(([id, name, atMs]) => [id, name, atMs]),
  );
  actual.forEach(([, , , value], i) => {
    const want = expected[i]![3];
    expect(Math.abs(value - want)).toBeLessThanOrEqual(1e-10 * Math.max(1, Math.abs(want)));
  });
}

describe('importOpenData, Sensor.Community: properties', () => {
  it('writes what the oracle expects, reports every bad row, and round-trips through an export', async () => {
    await fc.assert(
      fc.asyncProperty(scFilesArb, async (generated) => {
        // One directory for every run (files are overwritten): fewer file-system calls.
        const dir = join(root, 'sc');
        const inputs = writeFiles(
          join(dir, 'in'),
          generated.map((file) => ({ name: file.name, text: scFileText(file) })),
        );
        const expected = scExpectation(generated, join(dir, 'in'));
        const issues: ImportIssue[] = [];
        if (expected.emptyFiles.length > 0) {
          // The output directory keeps what an earlier run wrote, untouched, and no temporary file.
          const before = snapshot(join(dir, 'out'));
          const failure = await importInto(
            'sensor-community',
            inputs,
            join(dir, 'out'),
            issues,
          ).then(
            () => undefined,
            (error: unknown) => error,
          );
          expect(failure).toBeInstanceOf(ImportError);
          expect((failure as ImportError).issues.map((issue) => issue.file)).toEqual(
            expected.emptyFiles,
          );
          expect(snapshot(join(dir, 'out'))).toEqual(before);
          return;
        }
        const first = await importInto('sensor-community', inputs, join(dir, 'out'), issues);
        const rejected = issues.filter((issue) => issue.kind === 'rejected');
        expect(rejected.map((issue) => `${issue.file}:${issue.line}`)).toEqual(expected.rejected);
        expect(first.samples).toEqual(expected.samples);
        expect(
          first.installations.map((i) => [i.id, i.location.latitude, i.location.longitude]),
        ).toEqual(expected.installations);

        const exported = writeFiles(join(dir, 'export'), exportSensorCommunity(first));
        const second = await importInto('sensor-community', exported, join(dir, 'again'));
        expect(second.installations).toEqual(first.installations);
        expect(storeContent(second)).toEqual(storeContent(first));
      }),
      RUNS,
    );
  }, 300_000);
});

describe('importOpenData, OpenAQ: properties', () => {
  it('round-trips through an export, and the store loads what was written', async () => {
    await fc.assert(
      fc.asyncProperty(openAqPagesArb, async (generated) => {
        const dir = join(root, 'openaq');
        const inputs = writeFiles(join(dir, 'in'), openAqPageTexts(generated));
        const first = await importInto('openaq', inputs, join(dir, 'out'));
        expectCloseSamples(storeContent(first), generated.expected);
        const exported = writeFiles(join(dir, 'export'), exportOpenAq(first));
        const second = await importInto('openaq', exported, join(dir, 'again'));
        expect(second.installations).toEqual(first.installations);
        expect(storeContent(second)).toEqual(storeContent(first));
        const store = await loadStoreFromFiles({
          installationsPath: join(dir, 'out', 'installations.json'),
          samplesPath: join(dir, 'out', 'samples.csv'),
        });
        expect(store.sampleCount).toBe(storeContent(first).length);
        expect(existsSync(join(dir, 'out', 'samples.csv'))).toBe(true);
      }),
      RUNS,
    );
  }, 300_000);
});
