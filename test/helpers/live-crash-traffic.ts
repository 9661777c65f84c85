// The traffic of the crash tests: who writes what, how it is posted, and how a read tells
// exactly what is stored.
//
// Each writer owns one installation and its keys: 8 measurement names × the 24 history hours
// of the frozen clock, one sample per hour at half past. The history's hourly mean of a name
// is then that one sample's value (integers, so every mean is exact), and one GET per
// installation reads every key. A writer sends batches of fresh keys, resends of keys it sent
// before with a new value, and now and then a row the route must refuse (at one of its own
// keys, so a refused row that was stored all the same shows up in the read).

import { type AckLedger, type SampleKey, sampleKey } from './live-ledger.js';
import { installation } from './store-fixtures.js';

/** The frozen data clock of every crash test. */
export const CRASH_NOW = '2026-11-21T09:27:00Z';
export const CRASH_READ_KEY = 'crash-read-key';
export const CRASH_WRITE_KEY = 'crash-write-key';
/** The read key, unlimited in practice: the flags of an instance that only reads. */
export const CRASH_READ_KEY_FLAGS: readonly string[] = Object.freeze([
  '--keys',
  `${CRASH_READ_KEY}:100000000:10000000`,
]);
/** The read key and the one write key: the flags of an instance that is written to. */
export const CRASH_KEY_FLAGS: readonly string[] = Object.freeze([
  ...CRASH_READ_KEY_FLAGS,
  '--write-keys',
  CRASH_WRITE_KEY,
]);
/** Names whose plausible range starts at 0 and reaches 2000 at least (the PM range). */
export const CRASH_NAMES = Object.freeze(['PM1', 'PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO', 'NO']);
/** The first history hour at CRASH_NOW (09:27 → 2026-11-20 09:00), and how many there are. */
const FIRST_HOUR_MS = Date.UTC(2026, 10, 20, 9);
const HOURS = 24;
const HOUR_MS = 3_600_000;
/** Values cycle through 1 … 1999: inside every name's range, distinct for a key's resends. */
const VALUE_CYCLE = 1999;

/** The installations JSON of `ids` (valid installations of store-fixtures.ts). */
export function crashInstallationsJson(ids: readonly number[]): string {
  return JSON.stringify(ids.map((id) => installation(id)));
}

/** Every key the writers of `ids` can write. */
export function crashKeys(ids: readonly number[]): ReadonlySet<SampleKey> {
  const keys = new Set<SampleKey>();
  for (const id of ids) for (const slot of slots()) keys.add(sampleKey(id, slot.name, slot.atMs));
  return keys;
}

function slots(): { name: string; atMs: number }[] {
  return CRASH_NAMES.flatMap((name) =>
    Array.from({ length: HOURS }, (_, hour) => ({
      name,
      atMs: FIRST_HOUR_MS + hour * HOUR_MS + HOUR_MS / 2,
    })),
  );
}

/** One row of a batch; `valid: false` rows must be refused with their position named. */
export interface CrashRow {
  readonly installationId: number;
  readonly name: string;
  readonly timestamp: string;
  readonly value: number;
  readonly valid: boolean;
  /** The ledger's key (valid rows only). */
  readonly key: SampleKey | undefined;
}

/** A writer of one installation, drawing its batches from a seeded generator. */
export class CrashWriter {
  readonly installationId: number;
  readonly #random: () => number;
  readonly #fresh: { name: string; atMs: number }[];
  readonly #sent: { name: string; atMs: number }[] = [];
  #sequence = 0;

  constructor(installationId: number, random: () => number) {
    this.installationId = installationId;
    this.#random = random;
    this.#fresh = shuffled(slots(), random);
  }

  /**
   * The next batch: 1–8 rows, about a quarter resends, one refused row in about 1 of 12, as
   * CSV one time in 4.
   */
  nextBatch(): { rows: CrashRow[]; format: 'json' | 'csv' } {
    const rows: CrashRow[] = [];
    const size = 1 + Math.floor(this.#random() * 8);
    const used = new Set<string>();
    for (let i = 0; i < size; i++) {
      const resend = this.#sent.length > 0 && (this.#fresh.length === 0 || this.#random() < 0.25);
      const slot = resend
        ? this.#sent[Math.floor(this.#random() * this.#sent.length)]!
        : this.#fresh.pop()!;
      if (used.has(`${slot.name}@${slot.atMs}`)) continue; // each key once a batch
      used.add(`${slot.name}@${slot.atMs}`);
      if (!resend) this.#sent.push(slot);
      rows.push(this.#row(slot.name, slot.atMs, 1 + (this.#sequence++ % VALUE_CYCLE), true));
    }
    if (this.#random() < 1 / 12) {
      const refused = this.#refusedRow();
      rows.splice(Math.floor(this.#random() * (rows.length + 1)), 0, refused);
    }
    return { rows, format: this.#random() < 0.25 ? 'csv' : 'json' };
  }

  #row(name: string, atMs: number, value: number, valid: boolean): CrashRow {
    const timestamp = new Date(atMs).toISOString();
    const key = valid ? sampleKey(this.installationId, name, atMs) : undefined;
    return { installationId: this.installationId, name, timestamp, value, valid, key };
  }

  // A row the route refuses: a value above every PM range at one of this writer's keys, an
  // unknown installation, an unknown name, or a timestamp an hour after the data clock.
  #refusedRow(): CrashRow {
    const [slot] = slots();
    const kind = Math.floor(this.#random() * 4);
    if (kind === 0) return this.#row('PM10', slot!.atMs, 5000, false);
    if (kind === 1) return { ...this.#row('PM10', slot!.atMs, 7, false), installationId: 999_999 };
    if (kind === 2) return this.#row('PM2.5', slot!.atMs, 7, false);
    return this.#row('PM10', Date.parse(CRASH_NOW) + HOUR_MS, 7, false);
  }
}

function shuffled<T>(items: T[], random: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** How a POST ended: answered (its valid rows acknowledged), or no answer at all. */
export type PostOutcome = 'answered' | 'unanswered';

/**
 * Posts `rows` as JSON or CSV with the write key and records the outcome in `ledger`: a 200
 * (all valid) or a 422 (refused rows) acknowledges every valid row; no answer (the process
 * was killed) makes each valid row unanswered.
 *
 * @returns the outcome, or a line describing an answer the route must not give (a status
 *   that does not fit the rows, a body that names other rows)
 */
export async function postCrashBatch(
  url: string,
  rows: readonly CrashRow[],
  format: 'json' | 'csv',
  ledger: AckLedger,
): Promise<PostOutcome | string> {
  const body =
    format === 'json'
      ? JSON.stringify(
          rows.map(({ installationId, name, timestamp, value }) => ({
            installationId,
            name,
            timestamp,
            value,
          })),
        )
      : `installationId,name,timestamp,value\n${rows.map((row) => `${row.installationId},${row.name},${row.timestamp},${row.value}`).join('\n')}\n`;
  let response: Response;
  try {
    response = await fetch(`${url}/v2/airq/samples`, {
      method: 'POST',
      headers: {
        apikey: CRASH_WRITE_KEY,
        'content-type': format === 'json' ? 'application/json' : 'text/csv',
      },
      body,
      signal: AbortSignal.timeout(60_000),
    });
  } catch {
    for (const row of rows) if (row.key !== undefined) ledger.unanswered(row.key, row.value);
    return 'unanswered';
  }
  const refused = rows.flatMap((row, i) => (row.valid ? [] : [format === 'json' ? i : i + 2]));
  const expectedStatus = refused.length === 0 ? 200 : 422;
  // The status line is the answer: the route sends it once the rows are durable. A body cut
  // off by the kill after that changes nothing.
  const text = await response.text().catch(() => undefined);
  if (response.status !== expectedStatus) {
    return `POST of ${rows.length} rows (${refused.length} refused) answered ${response.status}: ${text}`;
  }
  for (const row of rows) if (row.key !== undefined) ledger.acknowledged(row.key, row.value);
  if (text === undefined) return 'answered';
  const answer = JSON.parse(text) as { accepted: number; rejected: { row: number }[] };
  const named = answer.rejected.map((rejected) => rejected.row);
  if (answer.accepted !== rows.length - refused.length || named.join() !== refused.join()) {
    return `POST answered ${text} for refused rows [${refused.join(', ')}] of ${rows.length}`;
  }
  return 'answered';
}

interface HistoryElement {
  readonly fromDateTime: string;
  readonly values: readonly { readonly name: string; readonly value: number }[];
}

/**
 * Reads the history of every installation of `ids` from `url`: key → served value (the
 * hour's mean of its one sample).
 *
 * @throws Error when a read does not answer 200 or its hours are not the expected ones
 */
export async function readCrashSamples(
  url: string,
  ids: readonly number[],
): Promise<Map<SampleKey, number>> {
  const served = new Map<SampleKey, number>();
  for (const id of ids) {
    const response = await fetch(`${url}/v2/measurements/installation?installationId=${id}`, {
      headers: { apikey: CRASH_READ_KEY },
    });
    const text = await response.text();
    if (response.status !== 200)
      throw new Error(`GET installation ${id}: ${response.status} ${text}`);
    const { history } = JSON.parse(text) as { history: HistoryElement[] };
    history.forEach((element, hour) => {
      const fromMs = FIRST_HOUR_MS + hour * HOUR_MS;
      if (Date.parse(element.fromDateTime) !== fromMs) {
        throw new Error(
          `GET installation ${id}: history[${hour}] starts at ${element.fromDateTime}`,
        );
      }
      for (const { name, value } of element.values) {
        served.set(sampleKey(id, name, fromMs + HOUR_MS / 2), value);
      }
    });
  }
  return served;
}
