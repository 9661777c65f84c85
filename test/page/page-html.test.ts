import { describe, expect, it } from 'vitest';
import { pageHtml } from '../../src/page/page-html.js';

// The HTML frame with and without the followed sources' credits: without them it is exactly the
// page as before; with them, one <meta> per credit, every text and URL escaped as an attribute.

const METAS = /<meta name="airq-data-attribution"[^>]*>/g;

describe('pageHtml with data attributions', () => {
  it('is the same page without attributions or with an empty list', () => {
    const plain = pageHtml({});
    expect(pageHtml({ attributions: [] })).toBe(plain);
    expect(pageHtml({ attributions: undefined })).toBe(plain);
    expect(plain).not.toContain('airq-data-attribution');
    expect(plain).not.toContain('data-attribution');
  });

  it('writes one <meta> per credit, in order, with only the parts it has', () => {
    const html = pageHtml({
      attributions: [
        {
          text: 'Sensor.Community',
          url: 'https://sensor.community',
          licence: 'ODbL 1.0',
          licenceUrl: 'https://opendatacommons.org/licenses/odbl/1-0/',
        },
        { text: 'OpenAQ', url: 'https://openaq.org' },
        { text: 'Plain' },
      ],
    });
    expect(html.match(METAS)).toEqual([
      '<meta name="airq-data-attribution" content="Sensor.Community" data-url="https://sensor.community" data-licence="ODbL 1.0" data-licence-url="https://opendatacommons.org/licenses/odbl/1-0/">',
      '<meta name="airq-data-attribution" content="OpenAQ" data-url="https://openaq.org">',
      '<meta name="airq-data-attribution" content="Plain">',
    ]);
    // In the head, before the script that reads them.
    expect(html.indexOf('airq-data-attribution')).toBeLessThan(html.indexOf('<script'));
  });

  it('escapes hostile text and URLs so that no attribute or element can be closed', () => {
    const html = pageHtml({
      attributions: [
        {
          text: '"><script>alert(1)</script>',
          url: 'javascript:alert("x")',
          licence: "it's <b>&</b>",
          licenceUrl: 'https://e.org/?a=1&b="2"',
        },
      ],
    });
    expect(html.match(METAS)).toEqual([
      '<meta name="airq-data-attribution" content="&#34;&#62;&#60;script&#62;alert(1)&#60;/script&#62;" data-url="javascript:alert(&#34;x&#34;)" data-licence="it&#39;s &#60;b&#62;&#38;&#60;/b&#62;" data-licence-url="https://e.org/?a=1&#38;b=&#34;2&#34;">',
    ]);
    expect(html.match(/<script/g)).toHaveLength(1);
  });
});
