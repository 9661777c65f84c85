import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';

const TILE_PX = 256;

function chunk(type: string, data: Uint8Array): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.byteLength, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 256 × 256 RGB PNG that looks like a map tile of nowhere: pale land, a darker border and a
 * band whose place depends on the tile's coordinates, so a screenshot shows where tiles meet.
 * Written by hand (zlib and its CRC-32) so the test needs no image library and no network.
 */
export function testTilePng(z: number, x: number, y: number): Buffer {
  const rows: Buffer[] = [];
  const band = (x * 37 + y * 59 + z * 11) % 200;
  for (let row = 0; row < TILE_PX; row++) {
    const line = Buffer.alloc(1 + TILE_PX * 3);
    for (let column = 0; column < TILE_PX; column++) {
      const edge = row === 0 || column === 0;
      const water = row >= band && row < band + 24;
      const [r, g, b] = edge ? [190, 196, 180] : water ? [170, 211, 223] : [242, 239, 233];
      line.set([r, g, b], 1 + column * 3);
    }
    rows.push(line);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(TILE_PX, 0);
  header.writeUInt32BE(TILE_PX, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', new Uint8Array()),
  ]);
}

/** A tile server on loopback: `/{z}/{x}/{y}.png` answers {@link testTilePng}; it counts requests. */
export interface TileServer {
  /** The `{z}/{x}/{y}` template for `--tiles`. */
  readonly template: string;
  readonly requests: () => number;
  close(): Promise<void>;
}

/** Starts a {@link TileServer} on a free port of 127.0.0.1. */
export async function startTileServer(): Promise<TileServer> {
  let requests = 0;
  const server: Server = createServer((request, response) => {
    requests++;
    const match = /^\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(request.url ?? '');
    if (match === null) {
      response.writeHead(404).end();
      return;
    }
    const png = testTilePng(Number(match[1]), Number(match[2]), Number(match[3]));
    response.writeHead(200, { 'Content-Type': 'image/png', 'Content-Length': png.byteLength });
    response.end(png);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    template: `http://127.0.0.1:${port}/{z}/{x}/{y}.png`,
    requests: () => requests,
    close: () => {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
