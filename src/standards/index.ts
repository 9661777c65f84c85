export { DEFAULT_WHO_EDITION, WHO_EDITIONS, type WhoEdition } from './who.js';
export { type WhoStandardsOptions, whoStandards } from './who-standards.js';
