import { describe, expect, it } from 'vitest';
import {
  createProgressBar,
  PROGRESS_MIN_BYTES,
  PROGRESS_REDRAW_MS,
  progressLine,
} from '../../src/cli/progress-bar.js';

const MIB = 1024 * 1024;

function bar(isTty: boolean) {
  const written: string[] = [];
  let nowMs = 0;
  const progress = createProgressBar({
    write: (text) => written.push(text),
    isTty,
    now: () => nowMs,
  });
  return { written, progress, advance: (ms: number) => (nowMs += ms) };
}

describe('createProgressBar', () => {
  it('draws on a terminal for inputs over 10 MiB, at most every 100 ms, and always at 100 %', () => {
    const { written, progress, advance } = bar(true);
    const total = 30 * MIB;
    progress.update(3 * MIB, total);
    progress.update(6 * MIB, total); // within 100 ms: skipped
    advance(PROGRESS_REDRAW_MS);
    progress.update(15 * MIB, total);
    progress.update(total, total); // the end is always drawn
    progress.finish();
    expect(written).toEqual([
      `\r[###${'-'.repeat(27)}]  10%  3.0 / 30.0 MiB`,
      '\r[###############---------------]  50%  15.0 / 30.0 MiB',
      '\r[##############################] 100%  30.0 / 30.0 MiB',
      '\n',
    ]);
  });

  it('stays silent when stderr is not a terminal, or the input is 10 MiB or less', () => {
    const pipe = bar(false);
    pipe.progress.update(PROGRESS_MIN_BYTES * 2, PROGRESS_MIN_BYTES * 3);
    pipe.progress.clear();
    pipe.progress.finish();
    expect(pipe.written).toEqual([]);
    const small = bar(true);
    small.progress.update(PROGRESS_MIN_BYTES, PROGRESS_MIN_BYTES);
    small.progress.finish();
    expect(small.written).toEqual([]);
  });

  it('clears its line for a message and draws again at the next update', () => {
    const { written, progress } = bar(true);
    progress.update(11 * MIB, 20 * MIB);
    progress.clear();
    progress.update(12 * MIB, 20 * MIB);
    expect(written.slice(1)).toEqual(['\r\x1b[K', `\r${progressLine(12 * MIB, 20 * MIB)}`]);
  });
});

describe('progressLine', () => {
  it('shows the share, the percentage and the MiB', () => {
    expect(progressLine(0, 40 * MIB)).toBe(`[${'-'.repeat(30)}]   0%  0.0 / 40.0 MiB`);
    expect(progressLine(1, 0)).toBe(`[${'#'.repeat(30)}] 100%  0.0 / 0.0 MiB`);
  });
});
