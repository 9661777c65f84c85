// Small hand-made installations for the store tests: valid by construction, easy to vary.
import type { StoredInstallation } from '../../src/store/stored-installation.js';

/** A valid installation near Kraków's Main Market Square; `extra` overrides any field. */
export function installation(
  id: number,
  extra: Partial<StoredInstallation> = {},
): StoredInstallation {
  return {
    id,
    location: { latitude: 50.0614 + id * 1e-4, longitude: 19.9366 - id * 1e-4 },
    address: {
      country: 'Poland',
      city: 'Kraków',
      street: 'Floriańska',
      number: String(id),
      displayAddress1: 'Stare Miasto',
      displayAddress2: null,
    },
    elevation: 219.5,
    vendor: true,
    sponsor: { id: 7, name: 'Test sponsor' },
    ...extra,
  };
}

/** `[fromMs, tillMs)` for the UTC hour that starts at the given hour of 2026-11-21. */
export function hourOf21November(hour: number): { fromMs: number; tillMs: number } {
  const fromMs = Date.UTC(2026, 10, 21, hour);
  return { fromMs, tillMs: fromMs + 3_600_000 };
}
