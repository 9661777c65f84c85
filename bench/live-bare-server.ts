// The baseline of `npm run bench:live`, run as its own process:
//   node --import tsx bench/live-bare-server.ts
// A bare node:http server that reads each request's whole body, as a write route must before it
// can answer, and answers a fixed 200 with a small JSON body. No parsing, no key, no storage:
// the floor that the write routes of `airq` are compared with.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { serveForParent } from './http/server-process.js';

const ANSWER = Buffer.from('{"accepted":1,"rejected":[]}');
const HEADERS = {
  'Content-Type': 'application/json;charset=UTF-8',
  'Content-Length': String(ANSWER.byteLength),
};
let bytesRead = 0;

function listener(request: IncomingMessage, response: ServerResponse): void {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    // The body joined into one buffer, as a server that parses it would hold it.
    bytesRead += Buffer.concat(chunks).byteLength;
    response.writeHead(200, HEADERS);
    response.end(ANSWER);
  });
}

// A call answers the bytes read so far, so the parent can check that bodies did arrive.
serveForParent(createServer(listener), {}, () => bytesRead).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
