import type { Address, IndexValue, Installation } from '../../model/api-types.js';

/**
 * An installation's address on one line: street and number, then the city, then the extra
 * descriptive lines; empty or null parts are left out. Falls back to the id.
 *
 * @example
 * addressLine({ id: 7, address: { street: 'Floriańska', number: '3', city: 'Kraków' } });
 * // → 'Floriańska 3, Kraków'
 */
export function addressLine(
  installation: Pick<Installation, 'id'> & { readonly address: Address },
): string {
  const { address } = installation;
  const clean = (text: string | null | undefined) => (text ?? '').trim();
  const street = [clean(address.street), clean(address.number)]
    .filter((part) => part !== '')
    .join(' ');
  const parts = [
    street,
    clean(address.city),
    clean(address.displayAddress1),
    clean(address.displayAddress2),
  ];
  const line = parts.filter((part) => part !== '').join(', ');
  return line === '' ? `#${installation.id}` : line;
}

/**
 * A number as the page shows it: at most `decimals` decimals, in the page's language
 * (a decimal comma in Polish).
 *
 * @example
 * formatNumber(12.5, 'pl'); // → '12,5'
 */
export function formatNumber(value: number, language: string, decimals = 1): string {
  return new Intl.NumberFormat(language, { maximumFractionDigits: decimals }).format(value);
}

/** The index as a mark's accessible name says it: its level's description, or "no data yet". */
export function levelText(
  index: Pick<IndexValue, 'description'> | undefined,
  noData: string,
): string {
  return index === undefined ? noData : index.description;
}
