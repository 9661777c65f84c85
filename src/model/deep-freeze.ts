/**
 * Freezes a tree of plain objects and arrays in place, descending into members that are
 * already frozen too (a frozen object may still hold a mutable one), and returns it. For trees
 * only: there is no guard against cycles.
 *
 * @example
 * const table = deepFreeze({ rows: [{ limit: 15 }] });
 * Object.isFrozen(table.rows[0]); // true
 */
export function deepFreeze<T extends object>(value: T): T {
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    const member = (value as Record<string, unknown>)[key];
    if (typeof member === 'object' && member !== null) deepFreeze(member);
  }
  return value;
}
