/** Where the page found its API key. */
export type KeySource = 'address' | 'entered' | 'demo';

/** The key the page uses, and where it came from. */
export interface ChosenKey {
  readonly key: string;
  readonly source: KeySource;
}

/**
 * The API key given in the page's address as `#key=…`. The fragment never reaches the
 * server, so the key is not in any access log. Other fragment parameters are allowed
 * (`#key=abc&x=1`); an empty key counts as none.
 *
 * @example
 * keyFromFragment('#key=abc%2B1'); // → 'abc+1'
 * keyFromFragment('#other=1'); // → undefined
 */
export function keyFromFragment(hash: string): string | undefined {
  const parameters = new URLSearchParams(hash.startsWith('#') ? hash.slice(1) : hash);
  const key = parameters.get('key')?.trim();
  return key === undefined || key === '' ? undefined : key;
}

/**
 * The key to use: one in the address first (the user gave it just now), then one typed into
 * the page earlier in this tab, then the demo key that a plain `npm start` generated and put
 * into the page. `undefined` means the page has to ask.
 */
export function chooseKey(candidates: {
  readonly fragment: string | undefined;
  readonly entered: string | undefined;
  readonly demo: string | undefined;
}): ChosenKey | undefined {
  if (candidates.fragment !== undefined) return { key: candidates.fragment, source: 'address' };
  if (candidates.entered !== undefined && candidates.entered !== '')
    return { key: candidates.entered, source: 'entered' };
  if (candidates.demo !== undefined && candidates.demo !== '')
    return { key: candidates.demo, source: 'demo' };
  return undefined;
}
