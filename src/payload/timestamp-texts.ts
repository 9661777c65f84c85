import { floorHourMs, formatTimestamp, MS_PER_MINUTE } from '../time/instant.js';

/** How many hour texts are kept before the memo starts again (about 40 days of requests). */
export const TIMESTAMP_TEXT_MEMO_SIZE = 1024;

// `YYYY-MM-DDTHH:` of a four-digit year; other years (`+012345-…`) are formatted in full.
const HOUR_PREFIX_LENGTH = 14;
const FOUR_DIGIT_YEAR_TEXT_LENGTH = 24;

/**
 * `formatTimestamp` with a memo of hour texts, owned by one measurements service. Every
 * payload shows 49 hour bounds (history then forecast), the same for every request of one
 * hour, so each is formatted once. Any other instant (the moving hour's bounds) reuses the
 * text of its hour and only appends minutes, seconds and milliseconds. The memo starts again
 * past {@link TIMESTAMP_TEXT_MEMO_SIZE} hours.
 *
 * @example
 * const texts = new TimestampTexts();
 * texts.format(Date.UTC(2026, 10, 21, 9)); // '2026-11-21T09:00:00.000Z' (formatted once, then reused)
 * texts.format(Date.UTC(2026, 10, 21, 9, 27, 5, 40)); // '2026-11-21T09:27:05.040Z'
 */
export class TimestampTexts {
  readonly #hourTexts = new Map<number, string>();

  /** The spec's timestamp text of `atMs`, exactly as {@link formatTimestamp} gives it. */
  format(atMs: number): string {
    // A fractional instant is truncated by Date; leave that to formatTimestamp.
    if (!Number.isInteger(atMs)) return formatTimestamp(atMs);
    const hourMs = floorHourMs(atMs);
    const hourText = this.#hourText(hourMs);
    if (hourMs === atMs) return hourText;
    if (hourText.length !== FOUR_DIGIT_YEAR_TEXT_LENGTH) return formatTimestamp(atMs);
    const intoHourMs = atMs - hourMs;
    const minutes = Math.floor(intoHourMs / MS_PER_MINUTE);
    const seconds = Math.floor((intoHourMs % MS_PER_MINUTE) / 1000);
    const milliseconds = intoHourMs % 1000;
    return `${hourText.slice(0, HOUR_PREFIX_LENGTH)}${twoDigits(minutes)}:${twoDigits(seconds)}.${threeDigits(milliseconds)}Z`;
  }

  #hourText(hourMs: number): string {
    let text = this.#hourTexts.get(hourMs);
    if (text === undefined) {
      if (this.#hourTexts.size >= TIMESTAMP_TEXT_MEMO_SIZE) this.#hourTexts.clear();
      text = formatTimestamp(hourMs);
      this.#hourTexts.set(hourMs, text);
    }
    return text;
  }
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}

function threeDigits(n: number): string {
  if (n < 10) return `00${n}`;
  return n < 100 ? `0${n}` : `${n}`;
}
