import { argumentError } from '../arguments/describe-value.js';
import { installationIssues } from './installation-validation.js';
import { type StoredInstallation, storedInstallationCopy } from './stored-installation.js';

/** How many field problems an error message spells out before it only counts the rest. */
const MESSAGE_ISSUE_LIMIT = 20;

/**
 * Validates installations handed to a store from code and returns frozen copies, so that the
 * caller's objects can change later without changing what the store serves.
 *
 * @param functionName - named in the error message
 * @param installations - untrusted input
 * @returns frozen {@link StoredInstallation} copies in input order
 * @throws TypeError when `installations` is not an array, or listing every invalid field as
 *   `installations[<position>].<field> <problem>`
 * @example
 * checkedInstallations('InMemoryStore', [{ id: -1 }]);
 * // TypeError: InMemoryStore: invalid installations: installations[0].id must be a positive integer, got -1; …
 */
export function checkedInstallations(
  functionName: string,
  installations: readonly unknown[],
): StoredInstallation[] {
  if (!Array.isArray(installations)) {
    throw argumentError(
      TypeError,
      functionName,
      'installations',
      'must be an array',
      installations,
    );
  }
  const problems: string[] = [];
  installations.forEach((installation, position) => {
    for (const issue of installationIssues(installation)) {
      const path = issue.field === '' ? '' : `.${issue.field}`;
      problems.push(`installations[${position}]${path} ${issue.message}`);
    }
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, MESSAGE_ISSUE_LIMIT);
    if (problems.length > shown.length) shown.push(`… and ${problems.length - shown.length} more`);
    throw new TypeError(`${functionName}: invalid installations: ${shown.join('; ')}`);
  }
  return installations.map((installation) =>
    storedInstallationCopy(installation as StoredInstallation),
  );
}
