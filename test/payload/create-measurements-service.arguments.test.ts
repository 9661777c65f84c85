import { describe, expect, it } from 'vitest';
import { baselineForecaster } from '../../src/forecast/baseline-forecaster.js';
import { createMeasurementsService } from '../../src/payload/create-measurements-service.js';
import type { MeasurementsRequestOptions } from '../../src/payload/measurements-service.js';
import { FakeStore } from '../helpers/payload-fake-store.js';
import { NOW, network } from '../helpers/payload-network.js';

// Misuse of the measurements service: its options checked once at creation, and each request's
// arguments, every message naming the method, the parameter and the value.

describe('misuse', () => {
  it('validates the service options once, naming the option', () => {
    const store = new FakeStore();
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({})).toThrow(
      /createMeasurementsService: options.store must be a MeasurementStore/,
    );
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService(null)).toThrow(TypeError);
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({ store, forecaster: {} })).toThrow(
      /options.forecaster must be an object with a forecast\(\) method/,
    );
    expect(() =>
      createMeasurementsService({
        store,
        forecaster: { ...baselineForecaster, historyHours: 0, forecast: () => [] },
      }),
    ).toThrow(/options.forecaster.historyHours must be an integer in \[1, 744\], got 0/);
    // @ts-expect-error: deliberately wrong
    expect(() => createMeasurementsService({ store, whoEdition: 'WHO_1999' })).toThrow(
      new RangeError(
        'createMeasurementsService: options.whoEdition must be one of WHO_2021, WHO_2005, got "WHO_1999"',
      ),
    );
  });

  it('rejects bad request arguments with the method and parameter named', async () => {
    const { service } = network();
    await expect(service.pointMeasurements(91, 0, { now: NOW })).rejects.toThrow(
      new RangeError(
        'MeasurementsService.pointMeasurements: latitude must be a finite number in [-90, 90], got 91',
      ),
    );
    await expect(service.nearestMeasurements(0, Number.NaN, {}, { now: NOW })).rejects.toThrow(
      /longitude .* got NaN/,
    );
    const badIndexType = { now: NOW, indexType: 'AQI' } as unknown as MeasurementsRequestOptions;
    await expect(service.installationMeasurements(1, badIndexType)).rejects.toThrow(
      /installationMeasurements: options.indexType must be one of VENDOR_CAQI, CAQI, PIJP, US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI, got "AQI"/,
    );
    // @ts-expect-error: deliberately wrong
    await expect(service.installationMeasurements(1, { now: NOW, language: 'de' })).rejects.toThrow(
      /options.language/,
    );
    await expect(service.installationMeasurements(1, { now: Number.NaN })).rejects.toThrow(
      /options.now/,
    );
    await expect(service.installationMeasurements(1.5, { now: NOW })).rejects.toThrow(
      /installationId must be an integer, got 1.5/,
    );
    await expect(
      service.nearestInstallations(50, 20, { maxDistanceKM: Number.NaN }),
    ).rejects.toThrow(/maxDistanceKM/);
  });
});
