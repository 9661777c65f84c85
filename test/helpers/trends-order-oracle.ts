// Naive order statistics for the trends tests, written from the reference's canonical
// expressions (§2) without src/trends: copy, sort with a comparator, index.

/**
 * The values sorted ascending (a copy), −0 before +0: the two compare equal, so without the
 * tie-break the order of zeros would follow the input's, and two permutations of the same
 * values could sort differently.
 */
export function naiveSorted(values: readonly number[]): number[] {
  return [...values].sort((a, b) => a - b || Number(Object.is(b, -0)) - Number(Object.is(a, -0)));
}

/** Type-7 quantile at q of any values: h = (n − 1)q, lo = ⌊h⌋, s[lo] + (h − lo)(s[lo+1] − s[lo]). */
export function naiveQuantile(values: readonly number[], q: number): number {
  const s = naiveSorted(values);
  const n = s.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  // + 0: an order statistic of zeros is +0, whichever zeros it was taken from.
  if (lo === n - 1) return (s[n - 1] as number) + 0;
  return (s[lo] as number) + (h - lo) * ((s[lo + 1] as number) - (s[lo] as number)) + 0;
}

/** The median: the middle value, or (a + b) / 2 of the two middle ones. */
export function naiveMedian(values: readonly number[]): number {
  const s = naiveSorted(values);
  const n = s.length;
  if (n === 0) return Number.NaN;
  if (n % 2 === 1) return (s[(n - 1) / 2] as number) + 0;
  return ((s[n / 2 - 1] as number) + (s[n / 2] as number)) / 2 + 0;
}
