export {
  DEFAULT_WHO_EDITION,
  isWhoEdition,
  WHO_EDITIONS,
  WHO_GUIDELINES,
  type WhoEdition,
  type WhoGuideline,
} from './who.js';
export { type WhoStandardsOptions, whoStandards } from './who-standards.js';
