import fc from 'fast-check';

/**
 * A present hourly mean: PM-like doubles, small integers (so ties and equal extremes occur),
 * zeros, slightly negative values (sensor noise around zero) and the odd large one.
 */
export const presentHourArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.double({ min: 0, max: 500, noNaN: true }), weight: 4 },
  { arbitrary: fc.integer({ min: 0, max: 20 }), weight: 2 },
  { arbitrary: fc.constant(0), weight: 1 },
  { arbitrary: fc.double({ min: -5, max: 0, noNaN: true }), weight: 1 },
  { arbitrary: fc.double({ min: 500, max: 5000, noNaN: true }), weight: 1 },
);

/** A missing hour: mostly NaN (an hour without samples), sometimes ±Infinity. */
export const missingHourArb: fc.Arbitrary<number> = fc.oneof(
  { arbitrary: fc.constant(Number.NaN), weight: 6 },
  { arbitrary: fc.constantFrom(Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY), weight: 1 },
);

/**
 * Hourly means oldest first, as a plain array or a Float64Array, up to `maxLength` long. Each
 * series draws its own share of missing hours (none to all), so capture rules are met, just
 * met and just missed alike.
 */
export function hourlySeriesArb(maxLength = 30): fc.Arbitrary<number[] | Float64Array> {
  return fc
    .integer({ min: 0, max: 10 })
    .chain((missingTenths) =>
      fc.array(
        fc.oneof(
          { arbitrary: presentHourArb, weight: 10 - missingTenths },
          { arbitrary: missingHourArb, weight: missingTenths },
        ),
        { maxLength, size: 'max' },
      ),
    )
    .chain((values) => fc.constantFrom<number[] | Float64Array>(values, Float64Array.from(values)));
}

/** Hourly means for each of the six pollutants, any of them possibly absent. */
export function hourlyMeansArb(
  maxLength = 30,
): fc.Arbitrary<Partial<Record<string, number[] | Float64Array>>> {
  const series = hourlySeriesArb(maxLength);
  return fc.record(
    { PM25: series, PM10: series, NO2: series, O3: series, SO2: series, CO: series },
    { requiredKeys: [] },
  );
}

/**
 * A series of `length` hours, oldest first, whose newest `window` hours hold exactly `present`
 * values (at positions the generator picks) and whose older hours are all present, so a rule
 * that counts past its window would be caught.
 */
export function exactCaptureArb(
  length: number,
  window: number,
  present: number,
): fc.Arbitrary<number[]> {
  return fc
    .tuple(
      fc.array(presentHourArb, { minLength: length, maxLength: length }),
      fc.shuffledSubarray(
        Array.from({ length: window }, (_, k) => k),
        { minLength: present, maxLength: present },
      ),
    )
    .map(([values, kept]) =>
      values.map((value, j) => {
        const fromNewest = length - 1 - j;
        return fromNewest >= window || kept.includes(fromNewest) ? value : Number.NaN;
      }),
    );
}
