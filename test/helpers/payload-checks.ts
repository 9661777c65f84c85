import type { AveragedValues, Measurements } from '../../src/model/api-types.js';

/**
 * Every place in a payload where a number is required but something else (NaN, ±Infinity,
 * null, a string) sits, as readable paths. The payload also goes through JSON, where NaN and
 * Infinity would turn into `null`, and the JSON text is checked for those.
 *
 * @example
 * payloadNumberProblems(payload); // [] when the payload is clean
 */
export function payloadNumberProblems(
  payload: Measurements & { interpolation?: unknown },
): string[] {
  const problems: string[] = [];
  const json = JSON.stringify(payload);
  if (/NaN|Infinity/.test(json)) problems.push('JSON text contains NaN or Infinity');
  const parsed = JSON.parse(json) as Measurements & {
    interpolation?: { radiusKm: unknown; contributors: Record<string, unknown>[] };
  };
  const windows: [string, AveragedValues][] = [
    ['current', parsed.current],
    ...parsed.history.map((w, i): [string, AveragedValues] => [`history[${i}]`, w]),
    ...parsed.forecast.map((w, i): [string, AveragedValues] => [`forecast[${i}]`, w]),
  ];
  const need = (path: string, value: unknown) => {
    if (typeof value !== 'number' || !Number.isFinite(value))
      problems.push(`${path} = ${String(value)}`);
  };
  for (const [path, w] of windows) {
    w.values.forEach((v, i) => {
      need(`${path}.values[${i}].value`, v.value);
    });
    w.standards.forEach((s, i) => {
      need(`${path}.standards[${i}].limit`, s.limit);
      need(`${path}.standards[${i}].percent`, s.percent);
    });
    w.indexes.forEach((index, i) => {
      // `null` is the no-data index's value and allowed only there.
      if (index.value === null && index.level === 'UNKNOWN') return;
      need(`${path}.indexes[${i}].value`, index.value);
    });
  }
  if (parsed.interpolation !== undefined) {
    need('interpolation.radiusKm', parsed.interpolation.radiusKm);
    parsed.interpolation.contributors.forEach((c, i) => {
      need(`interpolation.contributors[${i}].distanceKm`, c.distanceKm);
      need(`interpolation.contributors[${i}].weight`, c.weight);
      need(`interpolation.contributors[${i}].installationId`, c.installationId);
    });
  }
  return problems;
}

/** All `AveragedValues` of a payload in order: current, history, forecast. */
export function allWindows(payload: Measurements): AveragedValues[] {
  return [payload.current, ...payload.history, ...payload.forecast];
}

/** Whether an `AveragedValues` is the empty, no-data element. */
export function isNoDataWindow(w: AveragedValues): boolean {
  return (
    w.values.length === 0 &&
    w.standards.length === 0 &&
    w.indexes.length === 1 &&
    w.indexes[0]!.value === null &&
    w.indexes[0]!.level === 'UNKNOWN'
  );
}
