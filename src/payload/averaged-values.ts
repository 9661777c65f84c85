import { computeIndex } from '../indexes/compute-index.js';
import type { IndexTypeName } from '../indexes/index-table.js';
import { payloadValues } from '../meta/payload-values.js';
import type { AveragedValues, IndexValue, Language } from '../model/api-types.js';
import type { WindowAverages } from '../model/window-averages.js';
import type { WhoEdition } from '../standards/who.js';
import { whoStandards } from '../standards/who-standards.js';
import { formatTimestamp } from '../time/instant.js';
import type { TimeWindow } from '../time/windows.js';

/** How the windows of one payload are rendered. */
export interface RenderOptions {
  /** The single index every window carries. */
  readonly indexType: IndexTypeName;
  /** Language of the index description and advice. */
  readonly language: Language;
  /** Guideline edition of the `standards` entries. */
  readonly whoEdition: WhoEdition;
  /**
   * Formats a window bound. Default {@link formatTimestamp}; the measurements service passes
   * its `TimestampTexts`, which formats each hour bound once.
   */
  readonly timestampText?: (atMs: number) => string;
}

/**
 * One `AveragedValues` element of a payload from the unrounded averages of its window.
 * `values` are rounded half-up to 2 decimals in canonical order; the index and the WHO
 * percentages are computed from the unrounded averages (so rounding happens once, at the
 * end). A window without any value gets `values: []`, `standards: []` and the no-data index.
 *
 * A national index (US_AQI, EAQI, …) averages its inputs over periods of its own, not over the
 * window: its caller computes it from the hourly means around the window and passes it as
 * `index` (see `nationalIndexes`).
 *
 * @param window - the averaged interval `[fromMs, tillMs)`
 * @param averages - measurement type → mean over the window (finite numbers)
 * @param index - the window's index when the caller computed it; default: `computeIndex` of
 *   `averages` in `options.indexType` (what the grid indexes show)
 * @example
 * averagedValues(
 *   { fromMs: Date.UTC(2026, 10, 21, 8), tillMs: Date.UTC(2026, 10, 21, 9) },
 *   { PM25: 18.7, PM10: 35.533 },
 *   { indexType: 'CAQI', language: 'en', whoEdition: 'WHO_2021' },
 * );
 * // { fromDateTime: '2026-11-21T08:00:00.000Z', tillDateTime: '2026-11-21T09:00:00.000Z',
 * //   values: [{ name: 'PM25', value: 18.7 }, { name: 'PM10', value: 35.53 }],
 * //   indexes: [{ name: 'CAQI', value: 35.54, level: 'LOW', ... }],
 * //   standards: [{ pollutant: 'PM25', limit: 15, percent: 124.67, ... }, { pollutant: 'PM10', ... }] }
 */
export function averagedValues(
  window: TimeWindow,
  averages: WindowAverages,
  options: RenderOptions,
  index?: IndexValue,
): AveragedValues {
  const { indexType, language, whoEdition, timestampText = formatTimestamp } = options;
  const values = payloadValues(averages);
  const hasValues = values.length > 0;
  return {
    fromDateTime: timestampText(window.fromMs),
    tillDateTime: timestampText(window.tillMs),
    values,
    // With nothing measured, `computeIndex({})` is the no-data index; passing the empty record
    // keeps one code path for both cases.
    indexes: [index ?? computeIndex(hasValues ? averages : {}, { indexType, language })],
    standards: hasValues ? whoStandards(averages, { edition: whoEdition }) : [],
  };
}
