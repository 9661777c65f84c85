// The assertions that the generated doc-example modules call (see doc-blocks.ts for the
// result-comment convention they implement).
import { expect } from 'vitest';

/**
 * Asserts that `evaluate()` gives `expected` (deep, strict equality), naming the doc line.
 *
 * @param where - `file:line` of the result comment
 */
export async function expectValue(
  where: string,
  evaluate: () => unknown,
  expected: unknown,
): Promise<void> {
  let actual: unknown;
  try {
    actual = await evaluate();
  } catch (error) {
    throw new Error(`${where}: expected a value, but it threw ${String(error)}`, { cause: error });
  }
  expect(actual, where).toStrictEqual(expected);
}

/**
 * Asserts that `evaluate()` throws or rejects with an error named `name` and the message
 * `message` (a prefix when `message` ends with `…`).
 */
export async function expectThrow(
  where: string,
  evaluate: () => unknown,
  name: string,
  message: string,
): Promise<void> {
  let error: unknown;
  try {
    await evaluate();
  } catch (caught) {
    error = caught;
  }
  if (!(error instanceof Error)) {
    throw new Error(`${where}: expected ${name}: ${message}, but got ${String(error)}`);
  }
  expect(error.name, `${where}: error name`).toBe(name);
  if (message.endsWith('…')) {
    expect(error.message.startsWith(message.slice(0, -1)), `${where}: ${error.message}`).toBe(true);
  } else {
    expect(error.message, `${where}: error message`).toBe(message);
  }
}

/** Matches a number whose decimal text starts with `prefix` (written `0.2517…` in the docs). */
export function digits(prefix: string): unknown {
  return {
    $$typeof: Symbol.for('jest.asymmetricMatcher'),
    asymmetricMatch: (actual: unknown) =>
      typeof actual === 'number' && String(actual).startsWith(prefix),
    toString: () => `${prefix}…`,
    toAsymmetricMatcher: () => `${prefix}…`,
  };
}

/** Matches an object that has at least these properties (written `{ a: 1, … }` in the docs). */
export function objectContaining(properties: Record<string, unknown>): unknown {
  return expect.objectContaining(properties);
}
