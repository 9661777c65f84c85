// The root of airq: the pure computation core and the store/payload layer built on it.
// Each module's own index.ts is a curated list of named exports, and this file forwards those
// lists unchanged so that a name is declared public in exactly one place. The HTTP adapter
// (`airq/http`) and the sample network (`airq/sample`) are subpaths only, so importing the
// index maths never loads server code or the demo generator. The spatial index and interpolation
// (`airq/geo`) and the forecasters (`airq/forecast`) are subpaths only too: the Measurements
// service composes them itself, so only a user who queries or replaces them imports them, and
// the root stays at the names most users call (docs/design.md, "Layout").
export * from './averaging/index.js';
export * from './i18n/index.js';
export * from './indexes/index.js';
export * from './meta/index.js';
export * from './model/index.js';
export * from './payload/index.js';
export * from './series/index.js';
export * from './standards/index.js';
export * from './store/index.js';
export * from './time/index.js';
