import type { MeasurementTypeName } from '../meta/measurement-types.js';
import { MS_PER_DAY, MS_PER_HOUR } from '../time/instant.js';
import { hash32, unitNoise } from './seeded-noise.js';

/** What makes one site's readings its own. */
export interface SiteSignal {
  /** Multiplies the regional particulate level (valley centre high, outskirts low). */
  readonly localFactor: number;
  /** PM10 / PM2.5 ratio of the site (coarse dust from traffic and building sites raises it). */
  readonly pm10Ratio: number;
  /** PM1 / PM2.5 ratio of the site. */
  readonly pm1Ratio: number;
  /** Period (h) and phase (rad) of a slow local swing of the particulate level. */
  readonly swingPeriodH: number;
  readonly swingPhase: number;
  /** Offsets from the regional weather: °C and percentage points. */
  readonly temperatureOffsetC: number;
  readonly humidityOffset: number;
  /** Metres above sea level; lowers the station pressure. */
  readonly elevation: number;
  /** Base key of the site's noise; each measurement type derives its own. */
  readonly noiseKey: number;
}

/**
 * The weather story of the sample network, relative to the moment the network was created
 * (`anchorMs`): a smog episode that peaks 22 hours earlier (windless cold high pressure), a
 * front that clears the air about 8 hours earlier, and ordinary days with a morning and a
 * strong evening heating peak around them.
 */
export const SAMPLE_WEATHER = Object.freeze({
  backgroundPm25: 24,
  episodePm25: 150,
  episodeAtH: -22,
  episodeWidthH: 5.5,
  frontAtH: -8,
  frontWidthH: 3.5,
  /** Share of the particulates the front removes at its strongest. */
  frontClearing: 0.88,
  /** Period (h) of a slow wave that keeps days after the story different from each other. */
  slowWaveH: 67,
} as const);

const TAU = 2 * Math.PI;

function bump(x: number): number {
  return Math.exp(-x * x);
}

/** Hour of the UTC day as a fraction in [0, 24). */
function hourOfDayUtc(atMs: number): number {
  return (((atMs % MS_PER_DAY) + MS_PER_DAY) % MS_PER_DAY) / MS_PER_HOUR;
}

/**
 * Regional PM2.5 (µg/m³) before local effects: background with a daily cycle (peaks around
 * 08 and 20 local time, i.e. 07 and 19 UTC in winter), the episode, and the front.
 *
 * @param atMs - the reading time, epoch ms
 * @param anchorMs - creation time of the network, epoch ms
 * @example
 * regionalPm25(anchorMs - 22 * MS_PER_HOUR, anchorMs); // about 160–170 (the smog peak)
 * regionalPm25(anchorMs - 8 * MS_PER_HOUR, anchorMs); // about 1.5–3 (the front)
 */
export function regionalPm25(atMs: number, anchorMs: number): number {
  const w = SAMPLE_WEATHER;
  const hod = hourOfDayUtc(atMs);
  const h = (atMs - anchorMs) / MS_PER_HOUR;
  const daily =
    1 + 0.45 * Math.cos((TAU * (hod - 19)) / 24) + 0.18 * Math.cos((TAU * (hod - 7)) / 12);
  const wave = 1 + 0.3 * Math.sin((TAU * h) / w.slowWaveH);
  const episode = w.episodePm25 * bump((h - w.episodeAtH) / w.episodeWidthH);
  const clearing = 1 - w.frontClearing * bump((h - w.frontAtH) / w.frontWidthH);
  return (w.backgroundPm25 * daily * wave + episode) * clearing;
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/**
 * Fills one column per measurement type with the readings of a site at the given times.
 * Pure: a reading depends only on (site, type, time, anchor), never on how production was
 * split into calls.
 *
 * @param signal - the site
 * @param typeNames - the types to fill; `columns[j]` receives `typeNames[j]`
 * @param anchorMs - creation time of the network (epoch ms)
 * @param atMs - sample times (whole seconds, epoch ms)
 * @param columns - one output array per type, each at least `atMs.length` long
 * @example
 * const pm25 = new Float64Array(1);
 * fillSiteReadings(signal, ['PM25'], anchorMs, Float64Array.of(anchorMs - 22 * MS_PER_HOUR), [pm25]);
 * pm25[0]; // about 160–240 at the smog peak for a central site, always 2 decimals
 */
export function fillSiteReadings(
  signal: SiteSignal,
  typeNames: readonly MeasurementTypeName[],
  anchorMs: number,
  atMs: Float64Array,
  columns: readonly Float64Array[],
): void {
  const keys = typeNames.map((_, j) => hash32(signal.noiseKey, j + 1));
  const w = SAMPLE_WEATHER;
  for (let i = 0; i < atMs.length; i++) {
    const t = atMs[i]!; // i < length
    const seconds = t / 1000;
    const h = (t - anchorMs) / MS_PER_HOUR;
    const hod = hourOfDayUtc(t);
    const swing = 1 + 0.25 * Math.sin((TAU * h) / signal.swingPeriodH + signal.swingPhase);
    const pm25 = regionalPm25(t, anchorMs) * signal.localFactor * swing;
    const afternoon = Math.cos((TAU * (hod - 13)) / 24);
    const episodeShare = bump((h - w.episodeAtH) / (w.episodeWidthH * 1.5));
    const frontShare = bump((h - w.frontAtH) / w.frontWidthH);
    for (let j = 0; j < typeNames.length; j++) {
      const noise = unitNoise(keys[j]!, seconds); // j < typeNames.length === keys.length
      let value: number;
      switch (typeNames[j]) {
        case 'PM25':
          value = Math.max(0, pm25 * (1 + 0.07 * noise) + 0.4 * noise);
          break;
        case 'PM10':
          value = Math.max(0, pm25 * signal.pm10Ratio * (1 + 0.08 * noise) + 0.6 * noise);
          break;
        case 'PM1':
          value = Math.max(0, pm25 * signal.pm1Ratio * (1 + 0.06 * noise) + 0.3 * noise);
          break;
        case 'TEMPERATURE':
          value =
            1.5 +
            signal.temperatureOffsetC +
            4 * afternoon -
            4 * episodeShare +
            3 * frontShare +
            0.15 * noise;
          break;
        case 'HUMIDITY':
          value = Math.min(
            100,
            Math.max(
              15,
              80 + signal.humidityOffset - 12 * afternoon + 8 * frontShare + 1.2 * noise,
            ),
          );
          break;
        case 'PRESSURE': {
          // Station pressure: high during the windless episode, falling as the front passes.
          const trend = 8 * Math.tanh((w.frontAtH - h) / 5);
          value = 1018 - signal.elevation / 8.3 + trend + 0.08 * noise;
          break;
        }
        case 'NO2': {
          const traffic = Math.max(bump((hod - 6.5) / 1.5), bump((hod - 15.5) / 2));
          const level = (22 + 35 * traffic + 60 * episodeShare) * (1 - 0.7 * frontShare);
          value = Math.max(0, level * signal.localFactor * (1 + 0.08 * noise));
          break;
        }
        default:
          value = 0;
      }
      columns[j]![i] = round2(value); // j < columns.length by contract
    }
  }
}
