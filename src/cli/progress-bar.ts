/** Inputs up to this many bytes import without a progress bar (10 MiB). */
export const PROGRESS_MIN_BYTES = 10 * 1024 * 1024;

/** Least time between two redraws of the bar, ms. */
export const PROGRESS_REDRAW_MS = 100;

const BAR_CHARS = 30;

/** Where and how a progress bar draws. */
export interface ProgressBarOptions {
  /** Writes text as is, without a line end (the terminal's stderr). */
  readonly write: (text: string) => void;
  /** Whether that stream is a terminal; no bar is drawn otherwise. */
  readonly isTty: boolean;
  /** The clock, for throttling; default `Date.now`. */
  readonly now?: () => number;
}

/** A progress bar fed by an import's `onProgress`. */
export interface ProgressBar {
  /** Redraws with the bytes read so far (at most every {@link PROGRESS_REDRAW_MS}, and at 100 %). */
  update(bytesRead: number, totalBytes: number): void;
  /** Clears the bar's line, so a message can be printed; the next update draws it again. */
  clear(): void;
  /** Ends the bar's line, once the work is done. */
  finish(): void;
}

/**
 * A one-line progress bar on stderr, for imports of more than {@link PROGRESS_MIN_BYTES}
 * on a terminal. Silent otherwise: nothing is written when stderr is a file or a pipe, or when
 * the input is small, so logs and scripts never see carriage returns.
 *
 * @example
 * const bar = createProgressBar({ write: (text) => process.stderr.write(text), isTty: process.stderr.isTTY });
 * bar.update(12_582_912, 31_457_280); // '\r[############------------------]  40%  12.0 / 30.0 MiB'
 * bar.finish();
 */
export function createProgressBar({
  write,
  isTty,
  now = Date.now,
}: ProgressBarOptions): ProgressBar {
  let drawn = false;
  let lastDrawMs = Number.NEGATIVE_INFINITY;
  return {
    update(bytesRead, totalBytes) {
      if (!isTty || totalBytes <= PROGRESS_MIN_BYTES) return;
      const atMs = now();
      if (bytesRead < totalBytes && atMs - lastDrawMs < PROGRESS_REDRAW_MS) return;
      lastDrawMs = atMs;
      drawn = true;
      write(`\r${progressLine(bytesRead, totalBytes)}`);
    },
    clear() {
      if (!drawn) return;
      write('\r\x1b[K');
      lastDrawMs = Number.NEGATIVE_INFINITY;
    },
    finish() {
      if (!drawn) return;
      write('\n');
      drawn = false;
    },
  };
}

/**
 * The text of the bar: filled share, percentage and MiB read of the total.
 *
 * @example
 * progressLine(15_728_640, 31_457_280); // '[###############---------------]  50%  15.0 / 30.0 MiB'
 */
export function progressLine(bytesRead: number, totalBytes: number): string {
  const share = totalBytes > 0 ? Math.min(1, Math.max(0, bytesRead / totalBytes)) : 1;
  const filled = Math.round(share * BAR_CHARS);
  const percent = `${Math.floor(share * 100)}%`.padStart(4);
  const mib = (bytes: number) => (bytes / (1024 * 1024)).toFixed(1);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_CHARS - filled)}] ${percent}  ${mib(bytesRead)} / ${mib(totalBytes)} MiB`;
}
