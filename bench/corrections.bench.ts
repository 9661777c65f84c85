import { bench, describe } from 'vitest';
import { compareWithReference } from '../src/corrections/compare-with-reference.js';
import { correctPm25 } from '../src/corrections/correct-pm25.js';
import type { CorrectionOptions } from '../src/corrections/correction-options.js';
import { fitLinearCorrection } from '../src/corrections/fit-linear-correction.js';
import { seededRandom } from './helpers/seeded-random.js';
import { consume } from './helpers/sink.js';

// airq/corrections on long series: correctPm25 per method beside a plain loop over the same
// formula (the validity test and the clamp included, so both do the same work; the default KAPPA
// with its constants written in), and the one-pass
// colocation fit and agreement statistics on a million pairs beside plain two-pass loops.

const BENCH_OPTIONS = { time: 2000, warmupTime: 300 };
const RECORDS = 10_000_000;
const PAIRS = 1_000_000;

// PM2.5 mostly clean air with a smoke tail past 611 µg/m³, so every piece of AIRNOW_2021 and
// EPA_2022 is taken; 1 % of records invalid (no RH, or a negative PM) as in real feeds.
const random = seededRandom(20261128);
const pm25 = new Float64Array(RECORDS);
const rh = new Float64Array(RECORDS);
for (let i = 0; i < RECORDS; i++) {
  const u = random();
  pm25[i] = u < 0.005 ? -1 : 700 * u ** 4;
  rh[i] = random() < 0.005 ? Number.NaN : 10 + 90 * random();
}

// The plain loops: what a user writes by hand for one formula, one loop per method so that
// each call site sees one formula (a shared loop taking the formula as an argument would be a
// megamorphic call, slower than any hand-written loop).
const line = (x: number, h: number) => 0.524 * x - 0.0862 * h + 5.75;
const quadratic = (x: number) => 4.21e-4 * x * x + 0.392 * x + 3.44;
const valid = (x: number, h: number) =>
  x >= 0 && x < Number.POSITIVE_INFINITY && h >= 0 && h <= 100;

function plainEpa2021(): Float64Array {
  const out = new Float64Array(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    if (!valid(x, h)) {
      out[i] = Number.NaN;
      continue;
    }
    const y = 0.524 * x - 0.0862 * h + 5.75;
    out[i] = Math.max(y, 0);
  }
  return out;
}

function plainEpa2022(): Float64Array {
  const out = new Float64Array(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    if (!valid(x, h)) {
      out[i] = Number.NaN;
      continue;
    }
    let y: number;
    if (x < 570) y = line(x, h);
    else if (x >= 611) y = quadratic(x);
    else {
      const w = 0.0244 * x - 13.9;
      y = w * quadratic(x) + (1 - w) * line(x, h);
    }
    out[i] = Math.max(y, 0);
  }
  return out;
}

function airnow(x: number, h: number): number {
  if (x < 30) return line(x, h);
  if (x < 50) {
    const w = x / 20 - 1.5;
    return (0.786 * w + 0.524 * (1 - w)) * x - 0.0862 * h + 5.75;
  }
  if (x < 210) return 0.786 * x - 0.0862 * h + 5.75;
  if (x < 260) {
    const w = x / 50 - 4.2;
    return (
      (0.69 * w + 0.786 * (1 - w)) * x -
      0.0862 * h * (1 - w) +
      2.966 * w +
      5.75 * (1 - w) +
      8.84e-4 * x * x * w
    );
  }
  return 2.966 + 0.69 * x + 8.84e-4 * x * x;
}

function plainAirnow2021(): Float64Array {
  const out = new Float64Array(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    if (!valid(x, h)) {
      out[i] = Number.NaN;
      continue;
    }
    const y = airnow(x, h);
    out[i] = Math.max(y, 0);
  }
  return out;
}

function plainKappa(): Float64Array {
  const out = new Float64Array(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    if (!valid(x, h)) {
      out[i] = Number.NaN;
      continue;
    }
    const c = Math.min(Math.max(h, 30), 70);
    out[i] = x / (1 + 0.24 / (100 / c - 1));
  }
  return out;
}

function plainLinear(): Float64Array {
  const out = new Float64Array(RECORDS);
  for (let i = 0; i < RECORDS; i++) {
    const x = pm25[i]!;
    const h = rh[i]!;
    if (!valid(x, h)) {
      out[i] = Number.NaN;
      continue;
    }
    const y = 1.2 + 0.9 * x + -0.02 * h;
    out[i] = Math.max(y, 0);
  }
  return out;
}

const PLAIN: Record<string, () => Float64Array> = {
  EPA_2021: plainEpa2021,
  EPA_2022: plainEpa2022,
  AIRNOW_2021: plainAirnow2021,
  KAPPA: plainKappa,
  LINEAR: plainLinear,
};
const OPTIONS: Record<string, CorrectionOptions> = {
  EPA_2021: { method: 'EPA_2021' },
  EPA_2022: { method: 'EPA_2022' },
  AIRNOW_2021: { method: 'AIRNOW_2021' },
  KAPPA: { method: 'KAPPA' },
  LINEAR: { method: 'LINEAR', coefficients: { intercept: 1.2, pm25: 0.9, rh: -0.02 } },
};

const consumeArray = (values: Float64Array) => consume(values[values.length >> 1]! | 0);

for (const method of Object.keys(OPTIONS)) {
  const options = OPTIONS[method]!;
  const plain = PLAIN[method]!;
  // Both loops give the same numbers before anything is timed.
  const ours = correctPm25({ pm25, rh }, options);
  const theirs = plain();
  for (let i = 0; i < RECORDS; i += 997) {
    if (!Object.is(ours[i], theirs[i]) && Math.abs(ours[i]! - theirs[i]!) > 1e-9) {
      throw new Error(`bench/corrections: ${method} differs at ${i}: ${ours[i]} ≠ ${theirs[i]}`);
    }
  }
  describe(`correctPm25 ${method} · N=10M records`, () => {
    bench(
      `airq correctPm25 ${method}`,
      () => consumeArray(correctPm25({ pm25, rh }, options)),
      BENCH_OPTIONS,
    );
    bench(`plain loop, ${method} formula inline`, () => consumeArray(plain()), BENCH_OPTIONS);
  });
}

// A colocation: a sensor reading 1.6× the reference plus a humidity bump, with noise.
const sensor = pm25.subarray(0, PAIRS);
const humidity = rh.subarray(0, PAIRS);
const reference = new Float64Array(PAIRS);
for (let i = 0; i < PAIRS; i++) {
  reference[i] = (sensor[i]! - 0.05 * humidity[i]!) / 1.6 + 2 * (random() - 0.5);
}

// The textbook way: a first pass for the means, a second for the centred sums.
function twoPassFit(): number {
  let n = 0;
  let sx = 0;
  let sz = 0;
  let sy = 0;
  for (let i = 0; i < PAIRS; i++) {
    const x = sensor[i]!;
    const z = humidity[i]!;
    const y = reference[i]!;
    if (!(x >= 0 && z >= 0 && z <= 100 && Number.isFinite(x + y))) continue;
    n++;
    sx += x;
    sz += z;
    sy += y;
  }
  const mx = sx / n;
  const mz = sz / n;
  const my = sy / n;
  let xx = 0;
  let zz = 0;
  let xz = 0;
  let xy = 0;
  let zy = 0;
  for (let i = 0; i < PAIRS; i++) {
    const x = sensor[i]!;
    const z = humidity[i]!;
    const y = reference[i]!;
    if (!(x >= 0 && z >= 0 && z <= 100 && Number.isFinite(x + y))) continue;
    const ex = x - mx;
    const ez = z - mz;
    const ey = y - my;
    xx += ex * ex;
    zz += ez * ez;
    xz += ex * ez;
    xy += ex * ey;
    zy += ez * ey;
  }
  const det = xx * zz - xz * xz;
  return (zz * xy - xz * zy) / det;
}

describe('fitLinearCorrection · N=1M pairs', () => {
  bench(
    'airq fitLinearCorrection (one pass)',
    () => consume(fitLinearCorrection({ pm25: sensor, rh: humidity, reference }).n),
    BENCH_OPTIONS,
  );
  bench('plain two-pass least squares', () => consume(twoPassFit() * 1000), BENCH_OPTIONS);
});

const predicted = correctPm25({ pm25: sensor, rh: humidity }, OPTIONS.EPA_2021!);

// The textbook way: the means first, then every statistic in a second pass.
function twoPassStats(): number {
  let n = 0;
  let sm = 0;
  let so = 0;
  for (let i = 0; i < PAIRS; i++) {
    const m = predicted[i]!;
    const o = reference[i]!;
    if (!Number.isFinite(m + o)) continue;
    n++;
    sm += m;
    so += o;
  }
  const mm = sm / n;
  const mo = so / n;
  let within = 0;
  let ratios = 0;
  let se = 0;
  let sae = 0;
  let sse = 0;
  let vm = 0;
  let vo = 0;
  let cmo = 0;
  let spread = 0;
  for (let i = 0; i < PAIRS; i++) {
    const m = predicted[i]!;
    const o = reference[i]!;
    if (!Number.isFinite(m + o)) continue;
    const ratio = m / o;
    if (!Number.isNaN(ratio)) {
      ratios++;
      if (ratio >= 0.5 && ratio <= 2) within++;
    }
    const e = m - o;
    se += e;
    sae += Math.abs(e);
    sse += e * e;
    vm += (m - mm) ** 2;
    vo += (o - mo) ** 2;
    cmo += (m - mm) * (o - mo);
    spread += Math.abs(o - mo);
  }
  return within / ratios + se / n + sse / n + cmo / Math.sqrt(vm * vo) + sae / spread;
}

describe('compareWithReference · N=1M pairs', () => {
  bench(
    'airq compareWithReference',
    () => consume(compareWithReference(predicted, reference).n),
    BENCH_OPTIONS,
  );
  bench('plain two-pass statistics', () => consume(twoPassStats() * 1000), BENCH_OPTIONS);
});
