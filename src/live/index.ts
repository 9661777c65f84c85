// What the live-write routes (`POST /v2/airq/samples`, `POST /v2/airq/airrohr`) need to read a
// request body. Pure functions: no I/O, and the clock is a parameter.
export {
  type AirRohrPush,
  type AirRohrReading,
  type AirRohrSkipped,
  readAirRohrPush,
} from './airrohr-body.js';
export { type AirRohrValue, readAirRohrValue } from './airrohr-value.js';
export {
  AIRROHR_MEASUREMENTS,
  type AirRohrMeasurement,
  type AirRohrSource,
  airRohrSource,
} from './airrohr-value-types.js';
export { liveSampleProblems, MAX_FUTURE_MS } from './live-sample-checks.js';
export {
  type RowRejection,
  readSamplesBody,
  type SampleRow,
  type SamplesBody,
  type SamplesBodyFormat,
} from './samples-body.js';
export { readJsonSampleRow, SAMPLE_JSON_FIELDS } from './samples-json-row.js';
