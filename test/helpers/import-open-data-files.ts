// The files of the importOpenData tests: the fixture folders of each source, a fresh output
// directory per test under one temporary root per test file, and the ImportError of a run that
// fails.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect } from 'vitest';
import { ImportError } from '../../src/import/import-report.js';

export const SC = 'test/fixtures/import/sensor-community';
export const SC_DAY = `${SC}/2026-11-21`;
export const OPENAQ = 'test/fixtures/import/openaq';

/**
 * Makes a temporary root for the calling test file, removed after its tests, and returns a
 * function that names a fresh directory under it on each call (not created: some tests need
 * it absent).
 */
export function freshDirs(): () => string {
  const root = mkdtempSync(join(tmpdir(), 'airq-import-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  let dirs = 0;
  return () => join(root, `out-${dirs++}`);
}

/** The ImportError that `promise` rejects with; the test fails on anything else. */
export async function failure(promise: Promise<unknown>): Promise<ImportError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ImportError);
  return error as ImportError;
}
