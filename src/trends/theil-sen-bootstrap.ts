import type { RandomGenerator } from './random-generator.js';

// The pair slopes and the bootstrap of theilSen. Every resample is a multiset of the original
// points, so its pair slopes are the original pair slopes, each counted c_i · c_j times (c = how
// often each point was drawn; a pair slope reads the same either way round, since a − b =
// −(b − a) exactly in floating point). The original slopes are therefore sorted once, and each
// replicate's median is a walk along them adding up those weights until the middle rank: O(n²)
// per replicate without sorting or selecting, the same doubles as sorting the resample's own
// slope list. Internal to src/trends.

/** The pair slopes over points on different days, ascending, with each pair's two points. */
export interface PairSlopes {
  slopes: Float64Array;
  first: Uint32Array;
  second: Uint32Array;
}

export function sortedPairSlopes(xs: Float64Array, ys: Float64Array): PairSlopes {
  const n = xs.length;
  let count = 0;
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) if (xs[j] !== xs[i]) count++;
  const unsorted = new Float64Array(count);
  const order = new Uint32Array(count);
  const first = new Uint32Array(count);
  const second = new Uint32Array(count);
  for (let i = 0, k = 0; i < n; i++) {
    for (let j = i + 1; j < n; j++) {
      if (xs[j] === xs[i]) continue;
      unsorted[k] = (ys[j]! - ys[i]!) / (xs[j]! - xs[i]!);
      first[k] = i;
      second[k] = j;
      order[k] = k;
      k++;
    }
  }
  // Compared, not subtracted: two infinite slopes of one sign are equal, not NaN apart.
  order.sort((p, q) => compareNumbers(unsorted[p]!, unsorted[q]!));
  const slopes = new Float64Array(count);
  const firstSorted = new Uint32Array(count);
  const secondSorted = new Uint32Array(count);
  for (let k = 0; k < count; k++) {
    const from = order[k]!;
    slopes[k] = unsorted[from]!;
    firstSorted[k] = first[from]!;
    secondSorted[k] = second[from]!;
  }
  return { slopes, first: firstSorted, second: secondSorted };
}

/** Points with the same day number form a group; `of[k]` is point k's group. */
export interface DayGroups {
  of: Uint32Array;
  count: number;
}

export function dayGroups(xs: Float64Array): DayGroups {
  const n = xs.length;
  const order = new Uint32Array(n);
  for (let k = 0; k < n; k++) order[k] = k;
  // Day numbers rise with time except where a zone turns its clock back over midnight.
  order.sort((p, q) => compareNumbers(xs[p]!, xs[q]!));
  const of = new Uint32Array(n);
  let count = 0;
  for (let k = 0; k < n; k++) {
    if (k > 0 && xs[order[k]!] !== xs[order[k - 1]!]) count++;
    of[order[k]!] = count;
  }
  return { of, count: n === 0 ? 0 : count + 1 };
}

/**
 * The slope per day of each of `nBoot` resamples, in draw order: ⌈n/L⌉ block starts drawn
 * uniformly from [0, n − L], their blocks concatenated and cut to n points; a resample with all
 * points on one day is drawn again. Its median pair slope is found on the sorted original slopes.
 */
export function bootstrapSlopes(
  pairs: PairSlopes,
  groups: DayGroups,
  n: number,
  blockLength: number,
  nBoot: number,
  random: RandomGenerator,
): Float64Array {
  const { slopes, first, second } = pairs;
  const pairCount = slopes.length;
  const drawn = new Float64Array(n);
  const perGroup = new Float64Array(groups.count);
  const blocks = Math.ceil(n / blockLength);
  const starts = n - blockLength + 1;
  const replicates = new Float64Array(nBoot);
  for (let r = 0; r < nBoot; r++) {
    let pairTotal = 0;
    while (pairTotal === 0) {
      drawn.fill(0);
      perGroup.fill(0);
      let filled = 0;
      for (let block = 0; block < blocks; block++) {
        const start = random.uniformInteger(starts);
        for (let k = start; k < start + blockLength && filled < n; k++, filled++) {
          drawn[k]!++;
          perGroup[groups.of[k]!]!++;
        }
      }
      // Pairs of the resample on different days: all pairs less those within one day.
      let sameDay = 0;
      for (let g = 0; g < groups.count; g++) sameDay += perGroup[g]! * perGroup[g]!;
      pairTotal = (n * n - sameDay) / 2;
    }
    const lowRank = Math.floor((pairTotal + 1) / 2);
    const highRank = Math.floor(pairTotal / 2) + 1;
    let seen = 0;
    let low = Number.NaN;
    let lowFound = false;
    for (let k = 0; k < pairCount; k++) {
      seen += drawn[first[k]!]! * drawn[second[k]!]!;
      if (seen < lowRank) continue;
      if (!lowFound) {
        low = slopes[k]!;
        lowFound = true;
      }
      if (seen >= highRank) {
        replicates[r] = lowRank === highRank ? low : (low + slopes[k]!) / 2;
        break;
      }
    }
  }
  return replicates;
}

function compareNumbers(p: number, q: number): number {
  return p < q ? -1 : p > q ? 1 : 0;
}
