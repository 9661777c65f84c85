import type { Sponsor } from '../model/api-types.js';

/**
 * Sponsors of the sample network's own devices. Invented for the sample data; any likeness to
 * a real organisation is a coincidence.
 */
export const SAMPLE_VENDOR_SPONSORS: readonly Sponsor[] = Object.freeze([
  Object.freeze({
    id: 101,
    name: 'airq sample network',
    description: 'Demonstration devices of the airq sample data',
    link: 'https://example.org/airq',
  }),
  Object.freeze({
    id: 102,
    name: 'Fundacja Oddech Miasta',
    description: 'A neighbourhood foundation that lends sensors to schools',
  }),
  Object.freeze({ id: 103, name: 'Kawiarnia pod Sową' }),
  Object.freeze({ id: 104, name: 'Osiedle Zielone Wzgórze' }),
  Object.freeze({ id: 105, name: 'Private owner' }),
]);

/** The sponsor of the sample network's third-party stations (`vendor: false`). */
export const SAMPLE_THIRD_PARTY_SPONSOR: Sponsor = Object.freeze({
  id: 201,
  name: 'Regional monitoring network (sample)',
  description: 'Reference stations of a third party; hourly data arriving one hour late',
});
