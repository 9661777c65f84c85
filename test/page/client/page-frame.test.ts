import { describe, expect, it } from 'vitest';
import { failureText } from '../../../src/page/client/page-frame.js';
import { PAGE_TEXTS } from '../../../src/page/client/page-texts.js';

describe('failureText', () => {
  it('says 429 and 503 with the wait, other statuses by number, a lost server plainly', () => {
    expect(failureText(PAGE_TEXTS.en, { kind: 'rate-limited', retryAfterSeconds: 42 })).toBe(
      'Request limit of this key reached (429). The page goes on in 42 seconds.',
    );
    expect(failureText(PAGE_TEXTS.pl, { kind: 'unavailable', retryAfterSeconds: 5 })).toBe(
      'Usługa jest chwilowo niedostępna (503). Ponowna próba za 5 sekund.',
    );
    expect(failureText(PAGE_TEXTS.en, { kind: 'failed', status: 500 })).toBe(
      'The server answered with an error (500).',
    );
    expect(failureText(PAGE_TEXTS.en, { kind: 'unreachable' })).toBe(
      'The server cannot be reached.',
    );
  });
});
