// The baselines of `npm run bench:live`, each run as its own process:
//   node --import tsx bench/live-bare-server.ts [--journal]
// A bare node:http server that reads each request's whole body, as a write route must before it
// can answer, and answers a fixed 200 with a small JSON body. No parsing, no key, no storage:
// the floor that the write routes of `airq` are compared with.
// With --journal it also parses the body and appends one record of five samples per push to a
// SampleJournal in a temporary directory (`fsync: 'always'`, as `airq` by default), answering
// once the journal has it: the least any server that keeps its promise must do, so the table
// tells the cost of the disk from the cost of airq's own work.

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sample } from '../src/store/ingest-report.js';
import { SampleJournal } from '../src/store/journal/index.js';
import { serveForParent } from './http/server-process.js';

const ANSWER = Buffer.from('{"accepted":1,"rejected":[]}');
const HEADERS = {
  'Content-Type': 'application/json;charset=UTF-8',
  'Content-Length': String(ANSWER.byteLength),
};
const NAMES = ['PM10', 'PM25', 'TEMPERATURE', 'HUMIDITY', 'PRESSURE'] as const;
let bytesRead = 0;

async function openJournal(): Promise<SampleJournal | undefined> {
  if (!process.argv.includes('--journal')) return undefined;
  const dir = mkdtempSync(join(tmpdir(), 'airq-bench-floor-'));
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const journal = await SampleJournal.open({ dir, fsync: 'always' });
  await journal.replay(() => undefined);
  return journal;
}

const journal = await openJournal();
let atMs = Date.UTC(2026, 11, 1);

function listener(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    // The body joined into one buffer, as a server that parses it would hold it.
    const body = Buffer.concat(chunks);
    bytesRead += body.byteLength;
    if (journal === undefined) {
      response.writeHead(200, HEADERS);
      response.end(ANSWER);
      return;
    }
    const values = (JSON.parse(body.toString()) as { sensordatavalues: unknown[] })
      .sensordatavalues;
    atMs += 1000;
    const samples: Sample[] = NAMES.map((name, i) => ({
      installationId: 1,
      name,
      atMs,
      value: values.length + i,
    }));
    journal.append(samples).then(
      () => {
        response.writeHead(200, HEADERS);
        response.end(ANSWER);
      },
      () => {
        response.writeHead(503);
        response.end();
      },
    );
  });
}

// A call answers the bytes read so far, so the parent can check that bodies did arrive.
serveForParent(createServer(listener), {}, () => bytesRead).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
