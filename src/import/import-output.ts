import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Sample } from '../store/ingest-report.js';
import { parseInstallationsJson } from '../store/installations-json.js';
import { describeLoadIssue } from '../store/load-issues.js';
import { formatSamplesCsvRow, SAMPLES_CSV_HEADER } from '../store/samples-csv.js';
import type { StoredInstallation } from '../store/stored-installation.js';

/** The names an import writes in its output directory. */
export const IMPORT_OUTPUT_FILES = Object.freeze({
  installations: 'installations.json',
  samples: 'samples.csv',
});

/**
 * The two files of an import, written under temporary names in the output directory and
 * renamed to `installations.json` and `samples.csv` only by {@link commit}, so a failed or
 * interrupted import never leaves a half-written file where the store loader would read it.
 * Samples are streamed to disk as they come, with back-pressure, so memory does not grow with
 * their number.
 */
export class ImportOutput {
  readonly installationsPath: string;
  readonly samplesPath: string;
  readonly #temporaryInstallations: string;
  readonly #temporarySamples: string;
  readonly #samples: WriteStream;
  #written = 0;

  private constructor(outDir: string) {
    const tag = `${process.pid}-${randomBytes(4).toString('hex')}`;
    this.installationsPath = join(outDir, IMPORT_OUTPUT_FILES.installations);
    this.samplesPath = join(outDir, IMPORT_OUTPUT_FILES.samples);
    this.#temporaryInstallations = join(outDir, `.${IMPORT_OUTPUT_FILES.installations}.${tag}.tmp`);
    this.#temporarySamples = join(outDir, `.${IMPORT_OUTPUT_FILES.samples}.${tag}.tmp`);
    this.#samples = createWriteStream(this.#temporarySamples, { encoding: 'utf8' });
    this.#samples.write(`${SAMPLES_CSV_HEADER}\n`);
  }

  /** Creates the directory when needed and opens the temporary samples file. */
  static async open(outDir: string): Promise<ImportOutput> {
    await mkdir(outDir, { recursive: true });
    const output = new ImportOutput(outDir);
    await once(output.#samples, 'open');
    return output;
  }

  /** Samples written so far. */
  get samplesWritten(): number {
    return this.#written;
  }

  /** Appends one sample line; waits when the disk is slower than the reader. */
  async write(sample: Sample): Promise<void> {
    this.#written++;
    if (!this.#samples.write(`${formatSamplesCsvRow(sample)}\n`)) {
      await once(this.#samples, 'drain');
    }
  }

  /**
   * Writes the installations, checked by the store's own parser, then renames both files
   * into place.
   *
   * @throws Error when the installations do not pass the store's checks (a bug of the importer)
   */
  async commit(installations: readonly StoredInstallation[]): Promise<void> {
    const text = `[\n${installations.map((i) => `  ${JSON.stringify(i)}`).join(',\n')}\n]\n`;
    const { issues } = parseInstallationsJson(text, this.installationsPath);
    if (issues.length > 0) {
      throw new Error(
        `the importer built invalid installations: ${issues.map(describeLoadIssue).join('; ')}`,
      );
    }
    await writeFile(this.#temporaryInstallations, text, 'utf8');
    await this.#closeSamples();
    await rename(this.#temporarySamples, this.samplesPath);
    await rename(this.#temporaryInstallations, this.installationsPath);
  }

  /** Closes and deletes the temporary files; the output directory is as it was. */
  async discard(): Promise<void> {
    await this.#closeSamples().catch(() => {});
    await rm(this.#temporarySamples, { force: true });
    await rm(this.#temporaryInstallations, { force: true });
  }

  async #closeSamples(): Promise<void> {
    if (this.#samples.closed) return;
    await new Promise<void>((resolve, reject) => {
      this.#samples.end((error?: Error | null) => (error ? reject(error) : resolve()));
    });
  }
}
