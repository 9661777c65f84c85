import { bench, describe } from 'vitest';
import { JsonArraySplitter } from '../src/follow/sensor-community-splitter.js';
import { KRAKOW_BOX, syntheticDataJson } from './follow/synthetic-data-json.js';
import { consume } from './helpers/sink.js';

// Cutting Sensor.Community's whole five-minute file (the synthetic 20 MB of bench:follow) into
// its elements' texts, as the reading thread does: JsonArraySplitter fed 8 KiB of text at a
// time, against two baselines over the same text whole. `JSON.parse` is what a reader that
// holds the file at once would run (the splitter leaves parsing to the elements it keeps); the
// plain loop looks at every character once, with the splitter's rules but no chunks, so the
// difference to it is what the splitter's search over strings saves or its pieces cost.

const BENCH_OPTIONS = { time: 3000, warmupTime: 500 };
const PIECE_CHARS = 8_192;

const text = syntheticDataJson(44_000, KRAKOW_BOX, 38)
  .render(Date.UTC(2026, 11, 3, 12))
  .toString();
const pieces: string[] = [];
for (let from = 0; from < text.length; from += PIECE_CHARS) {
  pieces.push(text.slice(from, from + PIECE_CHARS));
}

// Counts the top-level elements, looking at each character: in a string, an escape skips the
// next one; outside, brackets nest and a comma at depth 1 ends an element.
function countByEachCharacter(whole: string): number {
  let depth = 0;
  let inString = false;
  let elements = 0;
  for (let i = 0; i < whole.length; i++) {
    const code = whole.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) depth++;
    else if (code === 0x7d || code === 0x5d) depth--;
    else if (code === 0x2c && depth === 1) elements++;
  }
  return elements + 1;
}

describe(`Sensor.Community file of ${(text.length / 1e6).toFixed(1)} MB into elements`, () => {
  bench(
    'JsonArraySplitter, 8 KiB pieces',
    () => {
      const splitter = new JsonArraySplitter(1_048_576);
      let elements = 0;
      for (const piece of pieces) splitter.push(piece, () => elements++);
      splitter.end();
      consume(elements);
    },
    BENCH_OPTIONS,
  );
  bench(
    'plain loop, one look per character',
    () => consume(countByEachCharacter(text)),
    BENCH_OPTIONS,
  );
  bench('JSON.parse of the whole text', () => consume(JSON.parse(text)), BENCH_OPTIONS);
});
