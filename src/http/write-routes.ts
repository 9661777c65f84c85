import { airRohrAnswerJson } from '../live/airrohr-answer.js';
import { type AirRohrReading, type AirRohrSkipped, readAirRohrPush } from '../live/airrohr-body.js';
import { type RowRejection, readSamplesBody } from '../live/samples-body.js';
import type { Sample } from '../store/ingest-report.js';
import type { SampleWriter } from '../store/sample-writer.js';
import { ApiError } from './api-error.js';
import type { CoreRequest } from './core-request.js';
import { readRequestText } from './request-body.js';
import type { WriteCredential } from './write-access.js';

// The two write routes, airq extensions: samples in the samples format (CSV or JSON), and the
// body the airRohr firmware sends to a custom API. Both store through the adapter's
// `SampleWriter`, whose promise resolves once what it accepted is durable, so an answer in the
// 2xx range is a promise kept.

/** The path of the samples route. */
export const SAMPLES_PATH = '/v2/airq/samples';
/** The path of the airRohr route (the firmware's "Send data to custom API" path). */
export const AIRROHR_PATH = '/v2/airq/airrohr';

/** What a write route gets besides the request. */
export interface WriteContext {
  readonly writer: SampleWriter;
  /** The data clock at receipt, epoch ms. */
  readonly nowMs: number;
  /** `nowMs` as ISO 8601 UTC text with milliseconds, as answers show it. */
  readonly timestamp: string;
  readonly maxBodyBytes: number;
}

/** A write route's answer before framing: its status and the JSON text of its body. */
export interface WriteResult {
  readonly status: 200 | 422;
  readonly json: string;
}

/** A `POST` route of the adapter. */
export interface WriteRoute {
  readonly path: string;
  readonly credential: WriteCredential;
  run(request: CoreRequest, context: WriteContext): Promise<WriteResult>;
}

const CSV_TYPE = 'text/csv';
const JSON_TYPE = 'application/json';

function malformed(message: string): ApiError {
  return new ApiError('MALFORMED_REQUEST', message);
}

async function postSamples(request: CoreRequest, context: WriteContext): Promise<WriteResult> {
  const { writer, nowMs, maxBodyBytes } = context;
  const { text, mediaType } = await readRequestText(request, [CSV_TYPE, JSON_TYPE], maxBodyBytes);
  const body = readSamplesBody(text, mediaType === CSV_TYPE ? 'csv' : 'json', nowMs);
  if (!body.ok) throw malformed(body.message);
  const report = await writer.writeSamples(body.rows.map((row) => row.sample));
  const rejected: RowRejection[] = [...body.rejected];
  for (const { index, reason } of report.rejected) {
    rejected.push({ row: body.rows[index]!.row, reason });
  }
  rejected.sort((a, b) => a.row - b.row);
  if (rejected.length === 0) {
    return { status: 200, json: JSON.stringify({ accepted: report.accepted, rejected }) };
  }
  const total = report.accepted + rejected.length;
  return {
    status: 422,
    json: JSON.stringify({
      errorCode: 'SAMPLES_REJECTED',
      message: `${rejected.length} of ${total} rows were rejected; the other ${report.accepted} were stored`,
      details: {},
      accepted: report.accepted,
      rejected,
    }),
  };
}

async function postAirRohr(request: CoreRequest, context: WriteContext): Promise<WriteResult> {
  const { writer, nowMs, timestamp, maxBodyBytes } = context;
  const { text } = await readRequestText(request, [JSON_TYPE], maxBodyBytes);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw malformed('The body is not JSON');
  }
  const push = readAirRohrPush(parsed, request.headers['x-sensor']);
  if (!push.ok) throw malformed(push.message);
  const installationId = await writer.deviceInstallation(push.device);
  if (installationId === undefined) {
    const message = `No installation names the device ${push.device} in its sensors`;
    throw new ApiError('DEVICE_UNKNOWN', message, { device: push.device });
  }
  const samples: Sample[] = push.readings.map(({ name, value }) => ({
    installationId,
    name,
    atMs: nowMs,
    value,
  }));
  const report = await writer.writeSamples(samples);
  const { stored, skipped } = pushOutcome(push.readings, push.skipped, report.rejected);
  const { device, ignored } = push;
  const answer = { device, installationId, timestamp, stored, ignored, skipped };
  return { status: 200, json: airRohrAnswerJson(answer) };
}

// The readings stored, and the skipped values with those the store refused after them; the
// usual push has nothing refused and keeps its lists as they are.
function pushOutcome(
  readings: readonly AirRohrReading[],
  skipped: readonly AirRohrSkipped[],
  rejected: readonly { readonly index: number; readonly reason: string }[],
) {
  if (rejected.length === 0) return { stored: readings, skipped };
  const refused = new Map(rejected.map(({ index, reason }) => [index, reason]));
  return {
    stored: readings.filter((_, index) => !refused.has(index)),
    skipped: [
      ...skipped,
      ...readings.flatMap((reading, index) => {
        const reason = refused.get(index);
        return reason === undefined
          ? []
          : [{ valueType: reading.source, value: reading.value, reason }];
      }),
    ],
  };
}

/** The write routes, by path. */
export const WRITE_ROUTES: readonly WriteRoute[] = Object.freeze([
  Object.freeze({ path: SAMPLES_PATH, credential: 'apikey' as const, run: postSamples }),
  Object.freeze({ path: AIRROHR_PATH, credential: 'basic' as const, run: postAirRohr }),
]);

// Every read asks this first: one lookup, not a scan with a closure made per request.
const WRITE_ROUTE_BY_PATH: ReadonlyMap<string, WriteRoute> = new Map(
  WRITE_ROUTES.map((route) => [route.path, route]),
);

/**
 * The write route of a raw path (a trailing slash ignored), or `undefined`.
 *
 * @example
 * matchWriteRoute('/v2/airq/samples/')?.path; // '/v2/airq/samples'
 */
export function matchWriteRoute(path: string): WriteRoute | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.replace(/\/+$/, '') : path;
  return WRITE_ROUTE_BY_PATH.get(trimmed);
}
