/**
 * fast-check arbitraries for the inverse-distance interpolation: sources of one type (ids
 * that may repeat, distances that include sensors standing at the point) and neighbours with
 * window averages of several types, some types missing at some neighbours.
 */
import fc from 'fast-check';
import type { NeighbourHit } from '../../src/geo/geo-point.js';
import { COINCIDENT_DISTANCE_KM } from '../../src/geo/inverse-distance-weights.js';
import type { WindowAverages } from '../../src/model/window-averages.js';
import type { OracleSource } from './geo-oracle.js';

/** The measurement types {@link neighboursWithAveragesArb} draws from. */
export const IDW_TYPES = ['PM1', 'PM25', 'PM10', 'TEMPERATURE'] as const;

/** A value of one type, negative ones included. */
export const idwValueArb = fc.double({ min: -1000, max: 1000, noNaN: true });

/** A distance of at least 1 m, up to the 1.5 km of the point interpolation. */
export const awayDistanceArb = fc.double({ min: COINCIDENT_DISTANCE_KM, max: 1.5, noNaN: true });

/** Mostly at least 1 m away; sometimes within 1 m, sometimes exactly at the point. */
export const anyDistanceArb = fc.oneof(
  { weight: 8, arbitrary: awayDistanceArb },
  { weight: 1, arbitrary: fc.double({ min: 0, max: 0.00099, noNaN: true }) },
  { weight: 1, arbitrary: fc.constant(0) },
);

/** One source with an id in 1..50 (so ids repeat in a list) at a distance from `distanceArb`. */
export function idwSourceArb(distanceArb: fc.Arbitrary<number>): fc.Arbitrary<OracleSource> {
  return fc.record({
    id: fc.integer({ min: 1, max: 50 }),
    distanceKm: distanceArb,
    value: idwValueArb,
  });
}

/** 1 to 30 sources of one type; ids may repeat. */
export const idwSourcesArb = fc.array(idwSourceArb(anyDistanceArb), {
  minLength: 1,
  maxLength: 30,
});

/** 1 to 30 sources of one type with distinct ids. */
export const uniqueIdwSourcesArb = fc.uniqueArray(idwSourceArb(anyDistanceArb), {
  minLength: 1,
  maxLength: 30,
  selector: (source) => source.id,
});

/** {@link uniqueIdwSourcesArb}'s sources, and the same sources in a shuffled order. */
export const shuffledIdwSourcesArb: fc.Arbitrary<
  readonly [sources: OracleSource[], shuffled: OracleSource[]]
> = uniqueIdwSourcesArb.chain((sources) =>
  fc
    .shuffledSubarray(sources, { minLength: sources.length, maxLength: sources.length })
    .map((shuffled) => [sources, shuffled] as const),
);

/** Up to 30 sources at least 1 m away (ids may repeat), and one source exactly at the point. */
export const othersAndAtPointArb: fc.Arbitrary<
  readonly [others: OracleSource[], atPoint: OracleSource]
> = fc.tuple(
  fc.array(idwSourceArb(awayDistanceArb), { maxLength: 30 }),
  idwSourceArb(fc.constant(0)),
);

/** The sources that decide the result: those within 1 m when there are any, else all. */
export function contributingSources(sources: readonly OracleSource[]): OracleSource[] {
  const coincident = sources.filter((source) => source.distanceKm < COINCIDENT_DISTANCE_KM);
  return coincident.length > 0 ? coincident : [...sources];
}

/** The sources as `interpolateAverages` takes them: neighbours, and one PM10 record each. */
export function asNeighbours(sources: readonly OracleSource[]): {
  neighbours: NeighbourHit[];
  averages: WindowAverages[];
} {
  return {
    neighbours: sources.map(({ id, distanceKm }) => ({ id, distanceKm })),
    averages: sources.map(({ value }) => ({ PM10: value })),
  };
}

const averagesArb: fc.Arbitrary<WindowAverages> = fc
  .record(
    {
      PM1: fc.double({ min: 0, max: 300, noNaN: true }),
      PM25: fc.double({ min: 0, max: 500, noNaN: true }),
      PM10: fc.double({ min: 0, max: 800, noNaN: true }),
      TEMPERATURE: fc.double({ min: -30, max: 40, noNaN: true }),
    },
    { requiredKeys: [] },
  )
  .map((record) => record as WindowAverages);

/**
 * Up to 25 neighbours with distinct ids within 1.5 km (some exactly at the point), each with
 * averages of some of {@link IDW_TYPES}.
 */
export const neighboursWithAveragesArb = fc
  .uniqueArray(fc.integer({ min: 1, max: 10_000 }), { maxLength: 25 })
  .chain((ids) =>
    fc.tuple(
      fc.tuple(
        ...ids.map((id) =>
          fc.record({
            id: fc.constant(id),
            distanceKm: fc.oneof(fc.double({ min: 0, max: 1.5, noNaN: true }), fc.constant(0)),
          }),
        ),
      ),
      fc.array(averagesArb, { minLength: ids.length, maxLength: ids.length }),
    ),
  )
  .map(([neighbours, averages]) => ({ neighbours: neighbours as NeighbourHit[], averages }));

/** The sources of one type in {@link neighboursWithAveragesArb}'s output, for the oracle. */
export function sourcesOfType(
  neighbours: readonly NeighbourHit[],
  averages: readonly (WindowAverages | undefined)[],
  type: string,
): OracleSource[] {
  return neighbours.flatMap((neighbour, i) => {
    const value = averages[i]?.[type];
    return typeof value === 'number' && Number.isFinite(value)
      ? [{ id: neighbour.id, distanceKm: neighbour.distanceKm, value }]
      : [];
  });
}
