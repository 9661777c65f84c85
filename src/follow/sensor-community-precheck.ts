import { SPLIT_ID_STRIDE } from '../import/place-registry.js';
import { inNetworkBox, type NetworkBox } from '../payload/network-box.js';
import { feedNumber } from './sensor-community-elements.js';
import { closingQuote } from './sensor-community-splitter.js';

// Nearly every element of Sensor.Community's file lies outside the followed box (a city of a
// continent: 99 in 100). Parsing each one only to drop it was half a poll's CPU and most of its
// garbage, whose collection paused the requests served meanwhile. This check reads the place of
// an element from its text and says when the element is certainly outside the box: exactly
// when `readSensorCommunityElement` would skip it as `outside the box`. Whenever the text is not
// of the plain shape the feed sends (a key twice, a nested value, an escape, an odd number), it
// says nothing, and the element is parsed as before. An element it drops is checked for its
// structure by the splitter, not as JSON: nothing of it is ever stored.

// `"location"` with its object, which in the feed holds plain values only.
const LOCATION = /"location"\s*:\s*\{([^{}[\]]*)\}/;
// A key of the location object and its value: a string without escapes or control characters
// (so its text between the quotes is what JSON.parse would give), or a plain number.
const MEMBER =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the range keeps them out, as JSON does
  /"(id|latitude|longitude)"\s*:\s*("[^"\\\u0000-\u001f]*"|-?\d+(?:\.\d+)?)\s*(?:,|$)/g;

/**
 * Whether an element's text is certainly that of a measurement whose location lies outside
 * `box`, with a valid location id and coordinates (the checks `readSensorCommunityElement`
 * makes before the box, in its order); `false` when it is inside, or when the text does not
 * say for certain.
 *
 * @param text - one element of the array, as the splitter gave it
 * @example
 * outsideBoxByText('{"id":1,"location":{"id":1071,"latitude":"52.544","longitude":"13.374"}}', krakow); // true
 * outsideBoxByText('{"location":{"id":1071,"latitude":"50.06","longitude":"19.94"}}', krakow); // false
 */
export function outsideBoxByText(text: string, box: NetworkBox): boolean {
  if (text.charCodeAt(0) !== 0x7b) return false; // not an object: parsed, and skipped as such
  const found = LOCATION.exec(text);
  // Exactly one mention of the key in the whole text, whose object is the one read (the pattern
  // skips a location object that holds a nested value and may match a later one), a member of
  // the element itself (not of a nested object).
  if (found === null || text.indexOf('"location"') !== found.index) return false;
  if (text.indexOf('"location"', found.index + 1) !== -1) return false;
  if (depthAt(text, found.index) !== 1) return false;
  // The three members in locals and a string coordinate read between its quotes: with a Map
  // and JSON.parse per element the check took 131–192 ms for the 44,000 elements of a 20 MB
  // file, now 69–72 (in process, 2026-12-03).
  let id: string | undefined;
  let latitudeToken: string | undefined;
  let longitudeToken: string | undefined;
  const body = found[1] as string; // the group always matches
  MEMBER.lastIndex = 0;
  for (let member = MEMBER.exec(body); member !== null; member = MEMBER.exec(body)) {
    const key = member[1] as 'id' | 'latitude' | 'longitude';
    const value = member[2] as string;
    // A repeated key: JSON.parse keeps the last one; not worth following here.
    if (key === 'id') {
      if (id !== undefined) return false;
      id = value;
    } else if (key === 'latitude') {
      if (latitudeToken !== undefined) return false;
      latitudeToken = value;
    } else {
      if (longitudeToken !== undefined) return false;
      longitudeToken = value;
    }
  }
  for (const key of ['"id"', '"latitude"', '"longitude"']) {
    // Every mention of the three keys must be one that was read.
    if (body.indexOf(key) !== body.lastIndexOf(key)) return false;
  }
  if (id === undefined || !/^[1-9]\d*$/.test(id)) return false;
  const sourceId = Number(id);
  if (!(Number.isSafeInteger(sourceId) && sourceId < SPLIT_ID_STRIDE)) return false;
  const latitude = coordinate(latitudeToken);
  const longitude = coordinate(longitudeToken);
  if (!(latitude >= -90 && latitude <= 90 && longitude >= -180 && longitude <= 180)) return false;
  return !inNetworkBox(box, latitude, longitude);
}

// A coordinate as the element reader takes it: the token parsed (a string's text is between
// its quotes, as it has no escapes), then read by the reader's own rule.
function coordinate(token: string | undefined): number {
  if (token === undefined) return Number.NaN;
  return feedNumber(token.charCodeAt(0) === 0x22 ? token.slice(1, -1) : JSON.parse(token));
}

// How deep in objects and arrays `index` lies, strings skipped (1: a member of the element);
// -1 when `index` lies in a string.
function depthAt(text: string, index: number): number {
  let depth = 0;
  for (let i = 0; i < index; i++) {
    const code = text.charCodeAt(i);
    if (code === 0x22) {
      i = closingQuote(text, i + 1);
      if (i === -1 || i >= index) return -1;
    } else if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) depth--;
  }
  return depth;
}
