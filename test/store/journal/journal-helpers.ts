// Shared pieces of the journal tests: temporary directories, samples, a reader of everything a
// journal replays, an independent encoder of the file format (the oracle of the byte layout)
// and a file layer whose I/O can be made to fail.

import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 as zlibCrc32 } from 'node:zlib';
import { afterEach } from 'vitest';
import type { Sample } from '../../../src/store/ingest-report.js';
import {
  type JournalFile,
  type JournalFiles,
  type JournalReplayReport,
  openJournalFile,
  type SampleJournal,
  syncDirectory,
} from '../../../src/store/journal/index.js';

const made: string[] = [];

/** A new empty directory under the system's temp dir, removed after the current test. */
export async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'airq-journal-'));
  made.push(dir);
  return dir;
}

afterEach(async () => {
  for (const dir of made.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** The measurement type codes of format version 1, copied from the format's description. */
export const V1_TYPE_NAMES = [
  'PM1',
  'PM25',
  'PM10',
  'PRESSURE',
  'HUMIDITY',
  'TEMPERATURE',
  'WIND_SPEED',
  'WIND_BEARING',
  'NO2',
  'O3',
  'SO2',
  'CO',
  'H2S',
  'NO',
] as const;

/** A deterministic sample, different for each `i`. */
export function sampleOf(i: number): Sample {
  return {
    installationId: 1000 + (i % 7),
    name: V1_TYPE_NAMES[i % V1_TYPE_NAMES.length]!,
    atMs: Date.UTC(2026, 10, 21) + i * 60_000,
    value: i / 8 - 3,
  };
}

/** `count` batches; batch b holds `sizeOf(b)` samples, numbered on from the last batch. */
export function batchesOf(count: number, sizeOf: (b: number) => number): Sample[][] {
  let next = 0;
  return Array.from({ length: count }, (_, b) =>
    Array.from({ length: sizeOf(b) }, () => sampleOf(next++)),
  );
}

/** Replays `journal`, collecting every batch. */
export async function replayAll(
  journal: SampleJournal,
): Promise<{ batches: Sample[][]; report: JournalReplayReport }> {
  const batches: Sample[][] = [];
  const report = await journal.replay((samples) => batches.push([...samples]));
  return { batches, report };
}

/**
 * The bytes of a journal holding `batches`, written straight from the format description with
 * a DataView and zlib's CRC-32 (not the journal's own code).
 */
export function encodeJournalOracle(batches: readonly (readonly Sample[])[]): Uint8Array {
  const parts: Uint8Array[] = [new Uint8Array([65, 73, 82, 81, 74, 82, 78, 76, 1, 0, 0, 0])];
  for (const batch of batches) parts.push(encodeRecordOracle(batch));
  return new Uint8Array(Buffer.concat(parts));
}

/** One record: u32 length, u32 crc, then u32 count and 25 bytes per sample, little-endian. */
export function encodeRecordOracle(batch: readonly Sample[]): Uint8Array {
  const payload = new Uint8Array(4 + 25 * batch.length);
  const view = new DataView(payload.buffer);
  view.setUint32(0, batch.length, true);
  batch.forEach((sample, i) => {
    const at = 4 + 25 * i;
    view.setFloat64(at, sample.installationId, true);
    view.setUint8(at + 8, (V1_TYPE_NAMES as readonly string[]).indexOf(sample.name));
    view.setFloat64(at + 9, sample.atMs, true);
    view.setFloat64(at + 17, sample.value, true);
  });
  const record = new Uint8Array(8 + payload.length);
  const header = new DataView(record.buffer);
  header.setUint32(0, payload.length, true);
  header.setUint32(4, zlibCrc32(payload), true);
  record.set(payload, 8);
  return record;
}

/** Switches and counters of a {@link faultyFiles} layer. */
export interface FaultControls {
  /** Writes go to /dev/full instead (the kernel answers ENOSPC) while true. */
  writesToDevFull: boolean;
  /** While set, a write puts the first half of its bytes in the file, then rejects with it. */
  tornWriteError: Error | undefined;
  /** fdatasync rejects with this error while set. */
  datasyncError: Error | undefined;
  /** truncate rejects with this error while set. */
  truncateError: Error | undefined;
  /**
   * fdatasync and the directory sync do nothing while true (for long runs: durability is
   * tested elsewhere).
   */
  skipDatasync: boolean;
  writes: number;
  datasyncs: number;
  /** While set, each fdatasync first waits for this promise (to hold a commit open). */
  datasyncGate: Promise<void> | undefined;
}

/** A file layer over the real one whose I/O a test can break. */
export function faultyFiles(): { files: JournalFiles; controls: FaultControls } {
  const controls: FaultControls = {
    writesToDevFull: false,
    tornWriteError: undefined,
    datasyncError: undefined,
    truncateError: undefined,
    skipDatasync: false,
    writes: 0,
    datasyncs: 0,
    datasyncGate: undefined,
  };
  const openFile = async (path: string): Promise<JournalFile> => {
    const real = await openJournalFile(path);
    const file: JournalFile = {
      path: real.path,
      size: () => real.size(),
      readAt: (buffer, offset, length, position) => real.readAt(buffer, offset, length, position),
      async writeAt(bytes, position) {
        controls.writes++;
        if (controls.tornWriteError !== undefined) {
          await real.writeAt(bytes.subarray(0, bytes.length >> 1), position);
          throw controls.tornWriteError;
        }
        if (!controls.writesToDevFull) return real.writeAt(bytes, position);
        const full = await open('/dev/full', 'w');
        try {
          await full.write(bytes, 0, bytes.length, 0);
        } finally {
          await full.close();
        }
      },
      async datasync() {
        controls.datasyncs++;
        if (controls.datasyncGate !== undefined) await controls.datasyncGate;
        if (controls.datasyncError !== undefined) throw controls.datasyncError;
        if (!controls.skipDatasync) await real.datasync();
      },
      async truncate(length) {
        if (controls.truncateError !== undefined) throw controls.truncateError;
        await real.truncate(length);
      },
      close: () => real.close(),
    };
    return file;
  };
  const files: JournalFiles = {
    openFile,
    syncDirectory: (dir) => (controls.skipDatasync ? Promise.resolve() : syncDirectory(dir)),
  };
  return { files, controls };
}

/** An error as the OS gives it: a message and a code. */
export function systemError(code: string, message: string): Error {
  return Object.assign(new Error(`${code}: ${message}`), { code });
}
