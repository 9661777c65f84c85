import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dataAttributionHtml } from '../../../src/page/client/data-attributions.js';
import type { DataAttribution } from '../../../src/page/page-html.js';
import { RUNS } from '../../helpers/property-runs.js';

// The line of credits under the map. Worked examples written by hand, and a property against a
// naive reading of the HTML: whatever the texts and URLs, the only elements are the links made
// for http(s) URLs, the visible text is the credits' own text, and each link goes where it says.

const ANCHOR = /<a href="([^"<>]*)">([^<>]*)<\/a>/g;

/** Decodes the numeric references that escaping writes (and only those). */
function decode(html: string): string {
  return html.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
}

/** The text a browser would show, and the links' targets, read naively from the HTML. */
function readHtml(html: string): { text: string; hrefs: string[]; leftover: string } {
  const hrefs: string[] = [];
  const leftover = html.replace(ANCHOR, (_, href: string, inner: string) => {
    hrefs.push(decode(href));
    return inner;
  });
  return { text: decode(leftover), hrefs, leftover };
}

function isWebUrl(url: string | undefined): url is string {
  return (
    url !== undefined &&
    (url.toLowerCase().startsWith('http://') || url.toLowerCase().startsWith('https://'))
  );
}

describe('dataAttributionHtml', () => {
  it('links each credit and its licence, joined by " · "', () => {
    expect(
      dataAttributionHtml([
        {
          text: 'Sensor.Community',
          url: 'https://sensor.community',
          licence: 'ODbL 1.0',
          licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
        },
        {
          text: 'OpenAQ',
          url: 'https://openaq.org',
          licence: 'Terms of Use',
          licenceUrl: 'https://docs.openaq.org/about/terms',
        },
      ]),
    ).toBe(
      '<a href="https://sensor.community">Sensor.Community</a> (<a href="https://opendatacommons.org/licenses/odbl/1-0/">ODbL 1.0</a>)' +
        ' · <a href="https://openaq.org">OpenAQ</a> (<a href="https://docs.openaq.org/about/terms">Terms of Use</a>)',
    );
  });

  it('escapes text, links only http(s) URLs, and leaves out what is empty', () => {
    expect(dataAttributionHtml([])).toBe('');
    expect(dataAttributionHtml([{ text: '' }, { text: '', licence: 'L' }])).toBe('');
    expect(dataAttributionHtml([{ text: 'A & B', url: 'javascript:alert(1)' }])).toBe('A &#38; B');
    expect(dataAttributionHtml([{ text: 'X', licence: '', licenceUrl: 'https://l.org' }])).toBe(
      'X',
    );
    expect(
      dataAttributionHtml([
        { text: '<i>"T"</i>', url: 'HTTP://e.org/?a=1&b="2"', licence: "it's", licenceUrl: '/rel' },
      ]),
    ).toBe(
      '<a href="HTTP://e.org/?a=1&#38;b=&#34;2&#34;">&#60;i&#62;&#34;T&#34;&#60;/i&#62;</a> (it&#39;s)',
    );
    expect(
      dataAttributionHtml([
        { text: 'D', url: 'data:text/html,x', licence: 'L', licenceUrl: ' https://e.org' },
      ]),
    ).toBe('D (L)');
  });

  it('makes no element but the links of http(s) URLs, shows the texts as given, and links where told', () => {
    const url = fc.oneof(
      fc.constant(undefined),
      fc.string(),
      fc.webUrl(),
      fc.constantFrom('javascript:alert(1)', 'JAVASCRIPT:x', 'data:,x', '//e.org', 'https:/x'),
      fc.string().map((tail) => `https://e.org/${tail}`),
      fc.string().map((tail) => `HTTP://${tail}`),
    );
    const attribution: fc.Arbitrary<DataAttribution> = fc.record({
      text: fc.oneof(fc.string(), fc.string({ unit: 'grapheme' })),
      url,
      licence: fc.option(fc.string(), { nil: undefined }),
      licenceUrl: url,
    });
    fc.assert(
      fc.property(fc.array(attribution, { maxLength: 5 }), (attributions) => {
        const html = dataAttributionHtml(attributions);
        const { text, hrefs, leftover } = readHtml(html);
        // Outside the links nothing can open a tag or an attribute, and every & is a reference.
        expect(leftover).not.toMatch(/[<>"']/);
        expect(leftover.replace(/&#\d+;/g, '')).not.toContain('&');
        // The visible text and the links, from the credits alone.
        const shown = attributions.filter((a) => a.text !== '');
        expect(text).toBe(
          shown
            .map((a) =>
              a.licence === undefined || a.licence === '' ? a.text : `${a.text} (${a.licence})`,
            )
            .join(' · '),
        );
        expect(hrefs).toEqual(
          shown.flatMap((a) => [
            ...(isWebUrl(a.url) ? [a.url] : []),
            ...(a.licence !== undefined && a.licence !== '' && isWebUrl(a.licenceUrl)
              ? [a.licenceUrl]
              : []),
          ]),
        );
      }),
      RUNS,
    );
  });
});
