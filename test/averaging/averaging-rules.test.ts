import { describe, expect, it } from 'vitest';
import { averagingRule, INPUT_HOURS } from '../../src/averaging/index.js';
import { type IndexEdition, NATIONAL_INDEX_EDITIONS } from '../../src/indexes/index-editions.js';
import {
  NATIONAL_INDEX_TYPE_NAMES,
  type NationalIndexTypeName,
} from '../../src/indexes/index-table.js';
import { ORACLE_EDITIONS, ORACLE_ROWS, oracleRules } from '../helpers/averaging-oracles.js';
import { MORE_ORACLE_EDITIONS } from '../helpers/averaging-oracles-more.js';

const PAIRS = Object.entries(ORACLE_EDITIONS).flatMap(([index, editions]) =>
  editions.map((edition) => [index, edition] as const),
);

function rulesOf(index: string, edition: string | undefined) {
  return averagingRule(
    index as NationalIndexTypeName,
    edition as IndexEdition<NationalIndexTypeName> | undefined,
  );
}

describe('averagingRule: the tables of world-indexes.md §2 and more-indexes.md §2', () => {
  it('lists the thirteen national indexes and their editions, the default first (§1.1)', () => {
    expect([...NATIONAL_INDEX_TYPE_NAMES]).toEqual(Object.keys(ORACLE_EDITIONS));
    for (const [index, editions] of Object.entries(ORACLE_EDITIONS)) {
      expect([...NATIONAL_INDEX_EDITIONS[index as NationalIndexTypeName]]).toEqual(editions);
    }
  });

  it.each(PAIRS)('%s %s has exactly the rows of §2', (index, edition) => {
    const actual = rulesOf(index, edition).map((r) => ({
      key: r.key,
      source: r.source,
      method: r.method,
      hours: r.hours,
      min: r.minHours,
      of: r.ofLatestHours,
    }));
    const byKey = (a: { key: string }, b: { key: string }) => a.key.localeCompare(b.key);
    expect(actual.sort(byKey)).toEqual(oracleRules(index, edition).sort(byKey));
  });

  it('names every key once, in the order PM25, PM10, NO2, O3, SO2, CO, O3_1H, O3_4H, SO2_24H', () => {
    const order = ['PM25', 'PM10', 'NO2', 'O3', 'SO2', 'CO', 'O3_1H', 'O3_4H', 'SO2_24H'];
    for (const [index, edition] of PAIRS) {
      const keys: string[] = rulesOf(index, edition).map((r) => r.key);
      expect(keys).toEqual(order.filter((k) => keys.includes(k)));
    }
  });

  it('reads some worked rows as the reference prints them', () => {
    const us = rulesOf('US_AQI', '2024');
    expect(us.find((r) => r.key === 'PM25')).toMatchObject({ method: 'nowcast', hours: 12 });
    expect(us.find((r) => r.key === 'O3_1H')).toMatchObject({ source: 'O3', method: 'hour' });
    expect(us.find((r) => r.key === 'SO2_24H')).toMatchObject({ source: 'SO2', minHours: 18 });
    expect(rulesOf('EAQI', '2019').find((r) => r.key === 'PM10')).toMatchObject({ hours: 24 });
    expect(rulesOf('EAQI', '2025').every((r) => r.method === 'hour')).toBe(true);
    expect(rulesOf('IN_NAQI', '2014').find((r) => r.key === 'NO2')).toMatchObject({
      method: 'running',
      hours: 24,
      minHours: 16,
    });
    expect(rulesOf('CN_AQI', '2012').map((r) => r.key)).toContain('SO2_24H');
    expect(rulesOf('CN_AQI', '2026').map((r) => r.key)).not.toContain('SO2_24H');
    expect(rulesOf('CA_AQHI', '2008').map((r) => r.key)).toEqual(['PM25', 'NO2', 'O3']);
  });

  it('reads the new methods of more-indexes.md §2 as printed', () => {
    expect(rulesOf('FRA_ATMO', '2021').find((r) => r.key === 'O3')).toMatchObject({
      method: 'max',
      hours: 24,
      minHours: 18,
    });
    expect(rulesOf('FRA_ATMO', '2021').find((r) => r.key === 'PM10')).toMatchObject({
      method: 'running',
      hours: 24,
    });
    expect(rulesOf('KOR_CAI', '2018').find((r) => r.key === 'PM25')).toMatchObject({
      method: 'kr-c24e',
      hours: 12,
      minHours: 9,
    });
    expect(rulesOf('AUS_AQC', '2020').find((r) => r.key === 'O3_4H')).toMatchObject({
      source: 'O3',
      method: 'running',
      hours: 4,
      minHours: 3,
    });
    expect(rulesOf('SGP_PSI', '2014').find((r) => r.key === 'O3_1H')).toMatchObject({
      source: 'O3',
      method: 'hour',
    });
    expect(rulesOf('DEU_UBA', '2019').map((r) => r.key)).not.toContain('SO2');
    expect(rulesOf('DEU_UBA', '2025').every((r) => r.method === 'hour')).toBe(true);
    expect(rulesOf('HKG_AQHI', '2013').every((r) => r.hours === 3 && r.minHours === 2)).toBe(true);
    // SO2_24H is read by none of the seven (§1).
    for (const index of Object.keys(MORE_ORACLE_EDITIONS)) {
      for (const edition of MORE_ORACLE_EDITIONS[index]!) {
        expect(rulesOf(index, edition).map((r) => r.key)).not.toContain('SO2_24H');
      }
    }
  });

  it('has no CO for EAQI and UK_DAQI, and only O3, NO2 and PM25 for CA_AQHI (§1)', () => {
    for (const edition of ['2025', '2019']) {
      expect(rulesOf('EAQI', edition).map((r) => r.key)).not.toContain('CO');
    }
    expect(rulesOf('UK_DAQI', '2013').map((r) => r.key)).not.toContain('CO');
  });

  it('selects the default (newest) edition when the edition is undefined', () => {
    for (const [index, editions] of Object.entries(ORACLE_EDITIONS)) {
      expect(rulesOf(index, undefined)).toBe(rulesOf(index, editions[0]));
    }
  });

  it('is frozen all the way down', () => {
    for (const [index, edition] of PAIRS) {
      const rows = rulesOf(index, edition);
      expect(Object.isFrozen(rows)).toBe(true);
      for (const row of rows) expect(Object.isFrozen(row)).toBe(true);
    }
    expect(Object.isFrozen(NATIONAL_INDEX_TYPE_NAMES)).toBe(true);
    expect(Object.isFrozen(NATIONAL_INDEX_EDITIONS.US_AQI)).toBe(true);
  });

  it('INPUT_HOURS covers the longest period of §2', () => {
    expect(INPUT_HOURS).toBe(Math.max(...ORACLE_ROWS.map((row) => row.hours)));
    expect(INPUT_HOURS).toBe(24);
  });

  it('throws a RangeError naming the function, the parameter and the value', () => {
    expect(() => rulesOf('CAQI', undefined)).toThrow(
      new RangeError(
        'averagingRule: indexType must be one of US_AQI, EAQI, UK_DAQI, IN_NAQI, CN_AQI, CA_AQHI, DEU_UBA, FRA_ATMO, KOR_CAI, SGP_PSI, HKG_AQHI, AUS_AQC, THA_AQI, got "CAQI"',
      ),
    );
    for (const index of ['VENDOR_CAQI', 'PIJP', 'us_aqi', '', 42, null]) {
      expect(() => rulesOf(index as string, undefined)).toThrow(RangeError);
    }
    expect(() => rulesOf('EAQI', '2030')).toThrow(
      new RangeError('averagingRule: edition must be one of 2025, 2019, got "2030"'),
    );
    // An edition of another index, and the right year as a number, are unknown too.
    expect(() => rulesOf('US_AQI', '2025')).toThrow(RangeError);
    expect(() => rulesOf('US_AQI', 2024 as unknown as string)).toThrow(RangeError);
    expect(() => rulesOf('DEU_UBA', '2021')).toThrow(
      new RangeError('averagingRule: edition must be one of 2025, 2019, got "2021"'),
    );
  });
});
