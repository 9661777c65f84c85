// Naive oracles for the bootstrap statistics of airq/trends (theilSen, timeProfile), written
// from the reference's text and never importing src/trends: the generator again with plain
// double arithmetic (no Math.imul), wall times from Intl, every pair slope listed and fully
// sorted, every resample built as an array, every quantile from a full sort.

const TWO_32 = 4_294_967_296;
const TWO_16 = 65_536;
const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** (a · b) mod 2³² for unsigned 32-bit a, b, by 16-bit halves so every product is exact. */
function mul32(a: number, b: number): number {
  const aLow = a % TWO_16;
  const aHigh = Math.floor(a / TWO_16);
  const bLow = b % TWO_16;
  const bHigh = Math.floor(b / TWO_16);
  const cross = (aHigh * bLow + aLow * bHigh) % TWO_16;
  return (cross * TWO_16 + aLow * bLow) % TWO_32;
}

const xor32 = (a: number, b: number): number => (a ^ b) >>> 0;
const shiftLeft32 = (v: number, k: number): number => (v * 2 ** k) % TWO_32;
const shiftRight32 = (v: number, k: number): number => Math.floor(v / 2 ** k);
const rotateLeft32 = (v: number, k: number): number => shiftLeft32(v, k) + shiftRight32(v, 32 - k);

/** The reference generator (splitmix32 seeding, xoshiro128** steps, rejection sampling). */
export interface OracleGenerator {
  state: number[];
  next(): number;
  uniform(m: number): number;
}

export function oracleGenerator(seed: number): OracleGenerator {
  const state: number[] = [];
  let s = seed;
  for (let k = 0; k < 4; k++) {
    s = (s + 0x9e3779b9) % TWO_32;
    let z = s;
    z = mul32(xor32(z, shiftRight32(z, 16)), 0x85ebca6b);
    z = mul32(xor32(z, shiftRight32(z, 13)), 0xc2b2ae35);
    z = xor32(z, shiftRight32(z, 16));
    state.push(z);
  }
  const generator: OracleGenerator = {
    state,
    next() {
      let [a, b, c, d] = state as [number, number, number, number];
      const result = mul32(rotateLeft32(mul32(b, 5), 7), 9);
      const t = shiftLeft32(b, 9);
      c = xor32(c, a);
      d = xor32(d, b);
      b = xor32(b, c);
      a = xor32(a, d);
      c = xor32(c, t);
      d = rotateLeft32(d, 11);
      state.splice(0, 4, a, b, c, d);
      return result;
    },
    uniform(m) {
      const limit = TWO_32 - (TWO_32 % m);
      for (;;) {
        const r = generator.next();
        if (r < limit) return r % m;
      }
    },
  };
  return generator;
}

/** R's round: half to even. */
export function roundHalfEven(x: number): number {
  const r = Math.round(x);
  return r - x === 0.5 && r % 2 !== 0 ? r - 1 : r;
}

export function sortedAscending(values: readonly number[]): number[] {
  return [...values].sort((p, q) => p - q);
}

/** The median by a full sort, (a + b) / 2 of the two middle values for an even count. */
export function naiveMedian(values: readonly number[]): number {
  const s = sortedAscending(values);
  const n = s.length;
  if (n === 0) return Number.NaN;
  const half = Math.floor(n / 2);
  return n % 2 === 1 ? s[half]! : (s[half - 1]! + s[half]!) / 2;
}

/** Hyndman & Fan type 7 of unsorted values at q ∈ [0, 1], by a full sort. */
export function naiveQuantile7(values: readonly number[], q: number): number {
  const s = sortedAscending(values);
  const n = s.length;
  if (n === 0) return Number.NaN;
  const h = (n - 1) * q;
  const lo = Math.floor(h);
  if (lo === n - 1) return s[n - 1]!;
  return s[lo]! + (h - lo) * (s[lo + 1]! - s[lo]!);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/**
 * The wall time of an instant as epoch ms of the same calendar fields in UTC: a fixed offset in
 * minutes, or an IANA zone read field by field from Intl.
 */
export function oracleWallMs(atMs: number, timeZone: number | string): number {
  if (typeof timeZone === 'number') return atMs + timeZone * 60_000;
  let formatter = formatters.get(timeZone);
  if (formatter === undefined) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      era: 'short',
    });
    formatters.set(timeZone, formatter);
  }
  const field: Record<string, string> = {};
  for (const part of formatter.formatToParts(atMs)) field[part.type] = part.value;
  const yearOfEra = Number(field.year);
  const year = field.era === 'BC' || field.era === 'B' ? 1 - yearOfEra : yearOfEra;
  const date = new Date(0);
  date.setUTCFullYear(year, Number(field.month) - 1, Number(field.day));
  date.setUTCHours(Number(field.hour), Number(field.minute), Number(field.second));
  const wholeSeconds = date.getTime();
  return wholeSeconds + (((atMs % 1000) + 1000) % 1000);
}

export interface OracleTheilSen {
  n: number;
  slope: number;
  intercept: number;
  lower: number;
  upper: number;
  p: number;
  stars: string;
  fittedStart: number;
  slopePercent: number;
  lowerPercent: number;
  upperPercent: number;
  blockLength: number;
  /** The replicate slopes per day, in draw order (for the draw-order checks). */
  replicates: number[];
}

/** Every pair slope per day over pairs with distinct x, sorted; its median. */
function naivePairMedian(xs: readonly number[], ys: readonly number[]): number {
  const slopes: number[] = [];
  for (let i = 0; i < xs.length; i++) {
    for (let j = i + 1; j < xs.length; j++) {
      if (xs[j] !== xs[i]) slopes.push((ys[j]! - ys[i]!) / (xs[j]! - xs[i]!));
    }
  }
  return naiveMedian(slopes);
}

/**
 * openair-style Theil–Sen of the reference (§9), the slow way: x = local day numbers, every
 * resample as arrays, every slope list fully sorted.
 */
export function naiveTheilSen(
  atMs: readonly number[],
  values: readonly number[],
  options: {
    timeZone?: number | string;
    alpha?: number;
    nBoot?: number;
    seed?: number;
    autocorrelation?: boolean;
  } = {},
): OracleTheilSen {
  const { timeZone = 0, alpha = 0.05, nBoot = 599, seed = 2, autocorrelation = false } = options;
  const xs: number[] = [];
  const ys: number[] = [];
  for (let i = 0; i < atMs.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    xs.push(Math.floor(oracleWallMs(atMs[i]!, timeZone) / DAY_MS));
    ys.push(values[i]!);
  }
  const n = xs.length;
  if (n < 6 || new Set(xs).size < 2) {
    const nan = Number.NaN;
    return {
      n,
      slope: nan,
      intercept: nan,
      lower: nan,
      upper: nan,
      p: nan,
      stars: '',
      fittedStart: nan,
      slopePercent: nan,
      lowerPercent: nan,
      upperPercent: nan,
      blockLength: nan,
      replicates: [],
    };
  }
  const b = naivePairMedian(xs, ys);
  const a = naiveMedian(ys.map((y, k) => y - b * xs[k]!));
  const blockLength = autocorrelation ? roundHalfEven(n ** (1 / 3)) : 1;
  const generator = oracleGenerator(seed);
  const replicates: number[] = [];
  for (let r = 0; r < nBoot; r++) {
    for (;;) {
      const indices: number[] = [];
      for (let block = 0; block < Math.ceil(n / blockLength); block++) {
        const start = generator.uniform(n - blockLength + 1);
        for (let k = 0; k < blockLength; k++) indices.push(start + k);
      }
      const chosen = indices.slice(0, n);
      const rx = chosen.map((k) => xs[k]!);
      if (rx.every((x) => x === rx[0])) continue;
      replicates.push(
        naivePairMedian(
          rx,
          chosen.map((k) => ys[k]!),
        ),
      );
      break;
    }
  }
  const sorted = sortedAscending(replicates);
  const cut = roundHalfEven((alpha / 2) * nBoot);
  const lower = 365 * sorted[cut]!;
  const upper = 365 * sorted[nBoot - cut - 1]!;
  const below = replicates.filter((v) => v < 0).length;
  const zero = replicates.filter((v) => v === 0).length;
  const share = (below + zero / 2) / nBoot;
  const p = 2 * Math.min(share, 1 - share);
  const stars = p < 0.001 ? '***' : p < 0.01 ? '**' : p < 0.05 ? '*' : p < 0.1 ? '+' : '';
  const slope = 365 * b;
  // airq's rule: a zero fitted start is +0, whichever zero the medians gave.
  const fittedStart = Object.is(a + b * xs[0]!, -0) ? 0 : a + b * xs[0]!;
  return {
    n,
    slope,
    intercept: a,
    lower,
    upper,
    p,
    stars,
    fittedStart,
    slopePercent: (100 * slope) / fittedStart,
    lowerPercent: (100 * lower) / fittedStart,
    upperPercent: (100 * upper) / fittedStart,
    blockLength,
    replicates,
  };
}

/** The cell of a wall time: hour 0–23, weekday 0 = Monday, month 0 = January, or 24·wd + h. */
export function oracleCell(
  kind: 'hour' | 'weekday' | 'month' | 'hour-weekday',
  wallMs: number,
): number {
  const date = new Date(wallMs);
  const hour = date.getUTCHours();
  const weekday = (date.getUTCDay() + 6) % 7;
  if (kind === 'hour') return hour;
  if (kind === 'weekday') return weekday;
  if (kind === 'month') return date.getUTCMonth();
  return weekday * 24 + hour;
}

export const ORACLE_CELL_COUNTS = Object.freeze({
  hour: 24,
  weekday: 7,
  month: 12,
  'hour-weekday': 168,
});

export interface OracleProfile {
  count: number[];
  values: number[];
  lower: number[];
  upper: number[];
}

/**
 * The profile of the reference (§10), naively: values grouped into cells by their Intl wall
 * time in time order; the mean with the bootstrap (n < 1000; the t interval is left to the
 * caller: `lower`/`upper` are NaN there) or the median with its band.
 */
export function naiveTimeProfile(
  atMs: readonly number[],
  values: readonly number[],
  options: {
    kind: 'hour' | 'weekday' | 'month' | 'hour-weekday';
    statistic?: 'mean' | 'median';
    timeZone?: number | string;
    confidence?: number;
    nBoot?: number;
    seed?: number;
    band?: number;
  },
): OracleProfile {
  const { kind, statistic = 'mean', timeZone = 0 } = options;
  const cells: number[][] = Array.from({ length: ORACLE_CELL_COUNTS[kind] }, () => []);
  for (let i = 0; i < atMs.length; i++) {
    if (!Number.isFinite(values[i])) continue;
    cells[oracleCell(kind, oracleWallMs(atMs[i]!, timeZone))]!.push(values[i]!);
  }
  const profile: OracleProfile = {
    count: cells.map((c) => c.length),
    values: [],
    lower: [],
    upper: [],
  };
  if (statistic === 'median') {
    const band = options.band ?? 0.75;
    const low = Math.min(band, 1 - band);
    const high = Math.max(band, 1 - band);
    for (const cell of cells) {
      profile.values.push(naiveMedian(cell));
      profile.lower.push(naiveQuantile7(cell, low));
      profile.upper.push(naiveQuantile7(cell, high));
    }
    return profile;
  }
  const { confidence = 0.95, nBoot = 1000, seed = 2 } = options;
  const generator = oracleGenerator(seed);
  for (const cell of cells) {
    const n = cell.length;
    profile.values.push(n === 0 ? Number.NaN : cell.reduce((s, v) => s + v, 0) / n);
    if (n >= 1000) {
      const mean = profile.values[profile.values.length - 1]!;
      const sd = Math.sqrt(cell.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1));
      const t = naiveStudentQuantile((1 + confidence) / 2, n - 1);
      profile.lower.push(mean - (t * sd) / Math.sqrt(n));
      profile.upper.push(mean + (t * sd) / Math.sqrt(n));
      continue;
    }
    if (n < 2) {
      profile.lower.push(Number.NaN);
      profile.upper.push(Number.NaN);
      continue;
    }
    const means: number[] = [];
    for (let r = 0; r < nBoot; r++) {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += cell[generator.uniform(n)]!;
      means.push(sum / n);
    }
    profile.lower.push(naiveQuantile7(means, (1 - confidence) / 2));
    profile.upper.push(naiveQuantile7(means, (1 + confidence) / 2));
  }
  return profile;
}

/**
 * Student's t quantile for p ∈ (0.5, 1) by brute force: the density (1 + u²/ν)^(−(ν+1)/2)
 * integrated with Simpson's rule (normalised by its own integral over [0, 60]), and Newton
 * steps from the normal guess. No series expansion and no special functions.
 */
export function naiveStudentQuantile(p: number, nu: number): number {
  const density = (u: number) => Math.exp((-(nu + 1) / 2) * Math.log1p((u * u) / nu));
  const simpson = (to: number, steps: number) => {
    const h = to / steps;
    let sum = density(0) + density(to);
    for (let k = 1; k < steps; k++) sum += (k % 2 === 1 ? 4 : 2) * density(k * h);
    return (sum * h) / 3;
  };
  const halfMass = simpson(60, 240_000);
  let t = 2;
  for (let step = 0; step < 8; step++) {
    const cdf = 0.5 + (0.5 * simpson(t, 40_000)) / halfMass;
    t -= (cdf - p) / ((0.5 * density(t)) / halfMass);
  }
  return t;
}

export { DAY_MS as ORACLE_DAY_MS, HOUR_MS as ORACLE_HOUR_MS };
