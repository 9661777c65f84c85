import { checkFiniteNumber, checkObject, checkOneOf } from '../arguments/argument-checks.js';
import { argumentError } from '../arguments/describe-value.js';
import { checkKnownKeys } from '../arguments/key-spelling.js';

// The options of a PM2.5 correction and their one validation. Everything a correction reads per
// record is checked here once, so the per-record formulas (correction-formulas.ts) check
// nothing and allocate nothing.

/**
 * A PM2.5 correction of a low-cost optical sensor:
 * - `EPA_2021`: Barkjohn et al. 2021, PurpleAir `pm2.5_cf_1` A/B mean;
 * - `EPA_2022`: Barkjohn et al. 2022, the same line with a quadratic above 611 µg/m³ (smoke);
 * - `AIRNOW_2021`: the AirNow Fire and Smoke Map's five pieces, PurpleAir `pm2.5_atm` A/B mean;
 * - `KAPPA`: hygroscopic growth (Crilley et al. 2018; Nilson et al. 2022), any optical sensor;
 * - `LINEAR`: your own fit on a colocation ({@link LinearCoefficients}).
 */
export type CorrectionMethod = 'EPA_2021' | 'EPA_2022' | 'AIRNOW_2021' | 'KAPPA' | 'LINEAR';

/**
 * Every {@link CorrectionMethod}, frozen, in the order the documentation lists them.
 *
 * @example
 * CORRECTION_METHODS.includes('KAPPA'); // → true
 */
export const CORRECTION_METHODS: readonly CorrectionMethod[] = /* @__PURE__ */ Object.freeze([
  'EPA_2021',
  'EPA_2022',
  'AIRNOW_2021',
  'KAPPA',
  'LINEAR',
]);

/**
 * The `LINEAR` model `corrected = intercept + pm25 · PM + rh · RH`, with PM in µg/m³ and RH in %
 * (the form of `EPA_2021`); {@link fitLinearCorrection} fits it on a colocation.
 */
export interface LinearCoefficients {
  /** µg/m³. */
  readonly intercept: number;
  /** Dimensionless: µg/m³ of output per µg/m³ of sensor PM2.5. */
  readonly pm25: number;
  /** µg/m³ per % of relative humidity. */
  readonly rh: number;
}

/** Which correction {@link correctPm25} applies, and its parameters. */
export interface CorrectionOptions {
  readonly method: CorrectionMethod;
  /** Whether a negative result becomes 0; default `true`. */
  readonly clampNegative?: boolean;
  /**
   * `KAPPA` only: the bulk hygroscopicity κ, a finite number ≥ 0, used as κ/1.65. Absent, the
   * growth term is Nilson et al.'s 0.24 exactly (κ ≈ 0.396).
   */
  readonly kappa?: number;
  /** `KAPPA` only: RH is clipped to `[lo, hi]` %, `0 ≤ lo ≤ hi < 100`; default `[30, 70]`. */
  readonly rhClip?: readonly [number, number];
  /** `LINEAR` only, and required there. */
  readonly coefficients?: LinearCoefficients;
}

const OPTION_KEYS: readonly string[] = Object.freeze([
  'method',
  'clampNegative',
  'kappa',
  'rhClip',
  'coefficients',
]);

/**
 * Validates correction options and returns a deeply frozen copy holding only the keys that were
 * given (a key whose value is `undefined` counts as absent; defaults are not filled in, so the
 * copy says what the caller said). For options read from a file, such as an installation's
 * `correction` in installations.json.
 *
 * @param functionName - the public function the caller is, as the message should name it
 * @param options - anything; valid when it is a {@link CorrectionOptions} and has no other key
 * @returns the frozen copy
 * @throws TypeError when a value has the wrong type; RangeError when it is out of range, an
 *   option belongs to another method or `LINEAR` has no `coefficients`; TypeError for an
 *   unknown key
 * @example
 * checkCorrectionOptions('f', { method: 'KAPPA', kappa: 0.3 }); // → { method: 'KAPPA', kappa: 0.3 }
 * checkCorrectionOptions('f', { method: 'EPA2021' });
 * // → RangeError: f: options.method must be one of EPA_2021, EPA_2022, AIRNOW_2021, KAPPA, LINEAR, got "EPA2021"
 */
export function checkCorrectionOptions(functionName: string, options: unknown): CorrectionOptions {
  checkObject(functionName, 'options', options);
  checkKnownKeys(functionName, 'options', options, OPTION_KEYS);
  const { method, clampNegative, kappa, rhClip, coefficients } = options as Record<string, unknown>;
  checkOneOf(functionName, 'options.method', method, CORRECTION_METHODS);
  const copy: { -readonly [K in keyof CorrectionOptions]: CorrectionOptions[K] } = { method };
  if (clampNegative !== undefined) {
    if (typeof clampNegative !== 'boolean') {
      const expectation = 'must be a boolean';
      throw argumentError(
        TypeError,
        functionName,
        'options.clampNegative',
        expectation,
        clampNegative,
      );
    }
    copy.clampNegative = clampNegative;
  }
  if (kappa !== undefined) {
    checkOnlyWith(functionName, 'options.kappa', kappa, method, 'KAPPA');
    checkFiniteNumber(functionName, 'options.kappa', kappa, 'a finite number ≥ 0');
    if (kappa < 0) {
      throw argumentError(RangeError, functionName, 'options.kappa', 'must be ≥ 0', kappa);
    }
    copy.kappa = kappa;
  }
  if (rhClip !== undefined) {
    checkOnlyWith(functionName, 'options.rhClip', rhClip, method, 'KAPPA');
    copy.rhClip = checkRhClip(functionName, rhClip);
  }
  if (coefficients !== undefined) {
    checkOnlyWith(functionName, 'options.coefficients', coefficients, method, 'LINEAR');
    copy.coefficients = checkCoefficients(functionName, coefficients);
  } else if (method === 'LINEAR') {
    const expectation = 'must be given with method LINEAR';
    throw argumentError(
      RangeError,
      functionName,
      'options.coefficients',
      expectation,
      coefficients,
    );
  }
  return Object.freeze(copy);
}

// An option that only one method reads is refused with the others, so that a caller who
// switches methods is told that the option no longer does anything.
function checkOnlyWith(
  functionName: string,
  parameterName: string,
  value: unknown,
  method: CorrectionMethod,
  owner: CorrectionMethod,
): void {
  if (method !== owner) {
    const expectation = `is read by method ${owner} only, not ${method}`;
    throw argumentError(RangeError, functionName, parameterName, expectation, value);
  }
}

function checkRhClip(functionName: string, rhClip: unknown): readonly [number, number] {
  const name = 'options.rhClip';
  if (!Array.isArray(rhClip)) {
    throw argumentError(TypeError, functionName, name, 'must be an array [lo, hi]', rhClip);
  }
  const expectation = 'must be [lo, hi] with 0 ≤ lo ≤ hi < 100 (%RH)';
  if (rhClip.length !== 2) throw argumentError(RangeError, functionName, name, expectation, rhClip);
  const [lo, hi] = rhClip as unknown[];
  checkFiniteNumber(functionName, `${name}[0]`, lo);
  checkFiniteNumber(functionName, `${name}[1]`, hi);
  // hi < 100 keeps the growth factor finite: it diverges at saturation.
  if (!(lo >= 0 && lo <= hi && hi < 100)) {
    throw argumentError(RangeError, functionName, name, expectation, rhClip);
  }
  return Object.freeze([lo, hi] as const);
}

// Other keys of `coefficients` are left out of the copy, not refused: a LinearFit, with its
// `n`, is documented to be usable as coefficients as it is.
function checkCoefficients(functionName: string, coefficients: unknown): LinearCoefficients {
  const name = 'options.coefficients';
  checkObject(functionName, name, coefficients, 'an object { intercept, pm25, rh }');
  const { intercept, pm25, rh } = coefficients as Record<string, unknown>;
  checkFiniteNumber(functionName, `${name}.intercept`, intercept);
  checkFiniteNumber(functionName, `${name}.pm25`, pm25);
  checkFiniteNumber(functionName, `${name}.rh`, rh);
  return Object.freeze({ intercept, pm25, rh });
}
