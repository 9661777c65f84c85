import { TimeSeries } from '../../src/series/time-series.js';
import { NaiveSeries } from './series-oracle.js';

// A TimeSeries and the naive oracle filled with the same samples, one add each in the given
// order (time-series.test.ts, time-series-window-properties.test.ts).

/** A TimeSeries holding `samples`, added one by one in order (later ones win a timestamp). */
export function seriesOf(samples: readonly { atMs: number; value: number }[]): TimeSeries {
  const series = new TimeSeries();
  for (const s of samples) series.add(s.atMs, s.value);
  return series;
}

/** The naive oracle holding `samples`, added one by one in order. */
export function oracleOf(samples: readonly { atMs: number; value: number }[]): NaiveSeries {
  const oracle = new NaiveSeries();
  for (const s of samples) oracle.add(s.atMs, s.value);
  return oracle;
}
