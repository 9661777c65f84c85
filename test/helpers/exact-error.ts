// The check of the misuse tests that spell a message out: the exact class, by name too (a
// RangeError is not a TypeError nor the reverse, but both are Errors), and the whole message.
import { expect } from 'vitest';

/** A library misuse error's class. */
export type ErrorClass = typeof TypeError | typeof RangeError;

/**
 * Runs `call` and checks that it throws exactly this class with exactly this message.
 *
 * @example
 * expectError(() => mannKendall(null as never), TypeError, 'mannKendall: series must be …, got null');
 */
export function expectError(call: () => unknown, ErrorType: ErrorClass, message: string): void {
  let thrown: unknown;
  try {
    call();
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ErrorType);
  expect((thrown as Error).name).toBe(ErrorType.name);
  expect((thrown as Error).message).toBe(message);
}
