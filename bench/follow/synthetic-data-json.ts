// A synthetic Sensor.Community `data.json` for `npm run bench:follow`: elements in the feed's
// shape (those of test/fixtures/follow/sensor-community/, written compactly as the live file
// is), spread over Europe, with about one location in a hundred inside a city box. Every
// location has a particulate sensor and a climate sensor, each read twice in the five minutes
// the file covers, so a location appears in four elements, as in the live file. The
// timestamps are left open and filled in per request (`render(nowMs)`): by default each reading
// aged from the request's moment, so that every poll stores samples the previous poll did not
// (the store's worst case); with a feed cycle (`render(nowMs, into, cycleS)`), as the live file
// has them: each sensor reads every `cycleS` seconds at its own phase, and a reading keeps its
// time (and its value: a sensor's readings carry the same text) for as long as it stays among
// the sensor's two latest, so that a poll repeats much of the one before. The share of new
// readings a poll is about (time between two polls) / cycle / 2: live, a poll every 64 s or so
// (a minute and the read) against a sensor's 145 s, about a fifth.
import type { NetworkBox } from '../../src/payload/network-box.js';
import { seededRandom } from '../helpers/seeded-random.js';

/** The default city: Kraków, the box of the one-line start. */
export const KRAKOW_BOX: NetworkBox = Object.freeze({
  minLat: 49.97,
  minLng: 19.79,
  maxLat: 50.13,
  maxLng: 20.22,
});

// Europe, roughly: where the locations outside the city stand.
const EUROPE = Object.freeze({ minLat: 36, maxLat: 70, minLng: -10, maxLng: 40 });

/** A box around every location of the file (Europe, and the city in it). */
export const SYNTHETIC_EUROPE: NetworkBox = Object.freeze({
  minLat: EUROPE.minLat - 1,
  minLng: EUROPE.minLng - 1,
  maxLat: EUROPE.maxLat + 1,
  maxLng: EUROPE.maxLng + 1,
});
/** Elements per location: two sensors, two readings each. */
const ELEMENTS_PER_LOCATION = 4;
/** One location in this many stands in the city. */
const CITY_EVERY = 100;
/** One location in this many is indoors (skipped by the follower unless --follow-indoor). */
const INDOOR_EVERY = 33;
/** Seconds between a sensor's two readings (airRohr's default send interval is 145 s). */
const READING_GAP_S = 145;
/** `YYYY-MM-DD HH:MM:SS`, the feed's timestamp: always 19 characters. */
const TIMESTAMP_LENGTH = 19;

const SDS011 = { id: 14, name: 'SDS011', manufacturer: 'Nova Fitness', types: ['P1', 'P2'] };
// Drawn with equal chances: the SDS011 is most of the network's particulate sensors.
const PARTICULATE = Object.freeze([
  SDS011,
  SDS011,
  SDS011,
  SDS011,
  SDS011,
  { id: 38, name: 'SPS30', manufacturer: 'Sensirion', types: ['P0', 'P1', 'P2', 'P4'] },
  { id: 29, name: 'PMS7003', manufacturer: 'Plantower', types: ['P0', 'P1', 'P2'] },
]);
const COUNTRIES = Object.freeze(['DE', 'NL', 'BE', 'FR', 'IT', 'AT', 'CZ', 'BG', 'PL', 'ES']);
const CLIMATE = Object.freeze([
  { id: 17, name: 'BME280', manufacturer: 'Bosch', types: ['temperature', 'humidity', 'pressure'] },
  { id: 9, name: 'DHT22', manufacturer: 'various', types: ['temperature', 'humidity'] },
]);

/** A rendered-on-demand data.json and what is in it. */
export interface SyntheticDataJson {
  /** Size of every rendering, bytes (the timestamps have a fixed width). */
  readonly bytes: number;
  readonly elements: number;
  readonly locations: number;
  /** Elements inside the city box (indoor ones included). */
  readonly cityElements: number;
  /** Outdoor locations inside the city box: the places a poll gives. */
  readonly cityLocations: number;
  /**
   * The whole file at `nowMs` as one buffer: each reading `nowMs` minus its age, or, with
   * `feedCycleS`, each sensor's two latest readings of a cycle of that many seconds. Written
   * into `into` (a buffer an earlier call returned, no longer in use) when given, else into a
   * new one.
   */
  render(nowMs: number, into?: Buffer, feedCycleS?: number): Buffer;
}

function valueText(type: string, random: () => number): string {
  if (type === 'temperature') return (-5 + random() * 30).toFixed(2);
  if (type === 'humidity') return (30 + random() * 65).toFixed(2);
  if (type === 'pressure') return (97_000 + random() * 6_000).toFixed(2);
  return (random() * 80).toFixed(2);
}

const coordinate = (min: number, max: number, random: () => number) =>
  (min + random() * (max - min)).toFixed(3);

/**
 * Builds the file's fixed text once; each {@link SyntheticDataJson.render} only writes the
 * timestamps in (at most 300 distinct ones per rendering by age, two cycles' worth with a
 * feed cycle).
 *
 * @param elements - how many elements (rounded down to whole locations of four); 44,000 give
 *   about 20 MB, the live file's size
 * @param city - the box that about one location in a hundred stands in
 * @example
 * const file = syntheticDataJson(44_000, KRAKOW_BOX, 38);
 * file.bytes; // about 20 MB
 * const body = file.render(Date.now());
 * JSON.parse(body.toString()).length; // 44_000
 * file.render(Date.now() + 60_000, body); // the same buffer, a minute later
 */
export function syntheticDataJson(
  elements: number,
  city: NetworkBox,
  seed: number,
): SyntheticDataJson {
  const random = seededRandom(seed);
  // The readings' phases and values from a stream of their own: the places stay as they were.
  const readingRandom = seededRandom(seed + 1);
  const locations = Math.floor(elements / ELEMENTS_PER_LOCATION);
  // Text between two timestamps, and each reading's age in whole seconds.
  const pieces: string[] = [];
  const agesS: number[] = [];
  // For a feed cycle: each reading's sensor phase (a share of the cycle), and whether it is the
  // sensor's latest reading (1) or the one before (0).
  const phases: number[] = [];
  const latests: number[] = [];
  let text = '[';
  let cityElements = 0;
  let cityLocations = 0;
  let sensorId = 10_000;
  let elementId = 9_000_000_000;
  let valueId = 20_000_000_000;
  const located = [];
  for (let location = 1; location <= locations; location++) {
    const inCity = location % CITY_EVERY === 0;
    const indoor = location % INDOOR_EVERY === 0 ? 1 : 0;
    if (inCity && indoor === 0) cityLocations++;
    let latitude: string;
    let longitude: string;
    do {
      const area = inCity ? city : EUROPE;
      latitude = coordinate(area.minLat, area.maxLat, random);
      longitude = coordinate(area.minLng, area.maxLng, random);
      // A location drawn over Europe that falls in the city is drawn again.
    } while (
      !inCity &&
      Number(latitude) >= city.minLat &&
      Number(latitude) <= city.maxLat &&
      Number(longitude) >= city.minLng &&
      Number(longitude) <= city.maxLng
    );
    const altitude = (random() * 600).toFixed(1);
    const country = inCity ? 'PL' : COUNTRIES[Math.floor(random() * COUNTRIES.length)]!;
    const locationText =
      `"location":{"id":${location},"latitude":"${latitude}","longitude":"${longitude}",` +
      `"altitude":"${altitude}","country":"${country}","exact_location":0,"indoor":${indoor}}`;
    const kinds = [
      PARTICULATE[Math.floor(random() * PARTICULATE.length)]!,
      CLIMATE[Math.floor(random() * CLIMATE.length)]!,
    ];
    for (const kind of kinds) {
      const sensor = {
        id: sensorId++,
        kind,
        firstAgeS: READING_GAP_S + Math.floor(random() * 150),
        phase: readingRandom(),
        values: kind.types.map((type) => valueText(type, readingRandom)),
      };
      for (const [latest, ageS] of [sensor.firstAgeS, sensor.firstAgeS - READING_GAP_S].entries()) {
        located.push({ inCity, locationText, sensor, ageS, latest });
      }
    }
  }
  // The live file is in no order of location: the elements are shuffled.
  for (let i = located.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [located[i], located[j]] = [located[j]!, located[i]!];
  }
  for (const [at, { inCity, locationText, sensor, ageS, latest }] of located.entries()) {
    if (inCity) cityElements++;
    const { kind } = sensor;
    const values = kind.types
      .map((type, i) => `{"id":${valueId++},"value":"${sensor.values[i]}","value_type":"${type}"}`)
      .join(',');
    text += `${at === 0 ? '' : ','}{"id":${elementId++},"sampling_rate":null,"timestamp":"`;
    pieces.push(text);
    agesS.push(ageS);
    phases.push(sensor.phase);
    latests.push(latest);
    text =
      `",${locationText},"sensor":{"id":${sensor.id},"pin":"1","sensor_type":{"id":${kind.id},` +
      `"name":"${kind.name}","manufacturer":"${kind.manufacturer}"}},"sensordatavalues":[${values}]}`;
  }
  pieces.push(`${text}]`);
  // The file with blank timestamps, and where each timestamp goes: a rendering writes the
  // stamps into a copy of it, one kept from an earlier rendering where the caller has one.
  // Joining the 88,000 pieces per request took 75–100 ms of the file server's CPU right when a
  // poll began, on the same two cores as `airq`; a fresh 20 MB copy alone takes some 60 ms here
  // (its pages faulted in).
  const fixed = pieces.map((piece) => Buffer.from(piece, 'utf8'));
  const blank = Buffer.alloc(TIMESTAMP_LENGTH, 0x20);
  const template = Buffer.concat(
    fixed.flatMap((piece, at) => (at < agesS.length ? [piece, blank] : [piece])),
  );
  const stampAt = new Float64Array(agesS.length);
  let offset = 0;
  for (let at = 0; at < agesS.length; at++) {
    offset += fixed[at]!.byteLength;
    stampAt[at] = offset;
    offset += TIMESTAMP_LENGTH;
  }
  return Object.freeze({
    bytes: template.byteLength,
    elements: agesS.length,
    locations,
    cityElements,
    cityLocations,
    render(nowMs: number, into?: Buffer, feedCycleS?: number): Buffer {
      const stamps = new Map<number, Buffer>();
      const body = into?.byteLength === template.byteLength ? into : Buffer.from(template);
      const nowS = Math.floor(nowMs / 1000);
      for (const [at, ageS] of agesS.entries()) {
        let readingS = nowS - ageS;
        if (feedCycleS !== undefined) {
          // Cycle k holds the sensor's latest reading, at (phase + k) × cycle ≤ now.
          const phase = phases[at]!;
          const k = Math.floor(nowS / feedCycleS - phase) - 1 + latests[at]!;
          readingS = Math.floor((phase + k) * feedCycleS);
        }
        let stamp = stamps.get(readingS);
        if (stamp === undefined) {
          const iso = new Date(readingS * 1000).toISOString();
          stamp = Buffer.from(`${iso.slice(0, 10)} ${iso.slice(11, 19)}`, 'latin1');
          stamps.set(readingS, stamp);
        }
        body.set(stamp, stampAt[at]);
      }
      return body;
    },
  });
}
