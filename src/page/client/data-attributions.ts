import { DATA_ATTRIBUTION_META, type DataAttribution } from '../page-html.js';

// The credits of the open-data sources the server follows, in a line under the map:
// "Data: Sensor.Community (ODbL 1.0) · OpenAQ (Terms of Use)", each name and licence linked.
// The texts come from the server's <meta> elements; they are escaped here before they become
// HTML, and only http(s) URLs become links, whatever the server wrote.

/** The separator between two credits. */
export const CREDIT_SEPARATOR = ' · ';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function linked(text: string, url: string | undefined): string {
  const escaped = escapeHtml(text);
  return url !== undefined && /^https?:\/\//i.test(url)
    ? `<a href="${escapeHtml(url)}">${escaped}</a>`
    : escaped;
}

/**
 * The credits as HTML: each text, linked to its URL, then its licence in parentheses, linked
 * to the licence's URL, the credits joined by " · ". Every text is escaped; a URL that is not
 * `http:` or `https:` (`javascript:`, a relative path) leaves its text unlinked; a credit with
 * an empty text is left out, and an empty licence shows no parentheses.
 *
 * @example
 * dataAttributionHtml([
 *   { text: 'Sensor.Community', url: 'https://sensor.community', licence: 'ODbL 1.0',
 *     licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/' },
 *   { text: 'A & B', url: 'javascript:alert(1)' },
 * ]);
 * // → '<a href="https://sensor.community">Sensor.Community</a> '
 * //   + '(<a href="https://opendatacommons.org/licenses/odbl/1-0/">ODbL 1.0</a>) · A &#38; B'
 */
export function dataAttributionHtml(attributions: readonly DataAttribution[]): string {
  return attributions
    .filter((attribution) => attribution.text !== '')
    .map((attribution) => {
      const credit = linked(attribution.text, attribution.url);
      const { licence } = attribution;
      return licence === undefined || licence === ''
        ? credit
        : `${credit} (${linked(licence, attribution.licenceUrl)})`;
    })
    .join(CREDIT_SEPARATOR);
}

/** The credits named in the page's `<meta>` elements (see `src/page/page-html.ts`), in order. */
export function readDataAttributions(): DataAttribution[] {
  const { name, url, licence, licenceUrl } = DATA_ATTRIBUTION_META;
  return Array.from(document.querySelectorAll<HTMLMetaElement>(`meta[name="${name}"]`)).map(
    (meta) => ({
      text: meta.content,
      url: meta.getAttribute(url) ?? undefined,
      licence: meta.getAttribute(licence) ?? undefined,
      licenceUrl: meta.getAttribute(licenceUrl) ?? undefined,
    }),
  );
}

/**
 * Puts the line of credits right after `anchor` (the map), when there is any credit: a
 * `<p data-testid="data-attribution">` whose label ("Data:") is one of the page's texts
 * (`data-text="dataSources"`), so it follows the language. Without credits the page is left
 * as it is.
 */
export function showDataAttributions(
  anchor: Element,
  attributions: readonly DataAttribution[],
): void {
  const html = dataAttributionHtml(attributions);
  if (html === '') return;
  const line = document.createElement('p');
  line.className = 'help data-attribution';
  line.dataset.testid = 'data-attribution';
  line.innerHTML = `<span data-text="dataSources"></span> ${html}`;
  anchor.after(line);
}
