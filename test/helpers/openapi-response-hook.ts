// A vitest setup file (see vitest.config.ts): every `createApi` of every test file answers
// through `recordingApi`, and after the file's tests each recorded answer is checked against
// the OpenAPI document. A mismatch fails that file, naming the request and what is wrong.
import { afterAll, vi } from 'vitest';

vi.mock(import('../../src/http/create-api.js'), async (importOriginal) => {
  const original = await importOriginal();
  const { recordingApi } = await import('./openapi-responses.js');
  return {
    ...original,
    createApi: (...args: Parameters<typeof original.createApi>) =>
      recordingApi(original.createApi(...args)),
  };
});

afterAll(async () => {
  const { recordedExchanges, ResponseChecker } = await import('./openapi-responses.js');
  if (recordedExchanges.length === 0) return;
  const checker = new ResponseChecker();
  const problems = recordedExchanges.flatMap((exchange) => checker.problems(exchange));
  recordedExchanges.length = 0;
  if (problems.length > 0) {
    const shown = [...new Set(problems)].slice(0, 20).join('\n');
    throw new Error(`${problems.length} answers do not match the OpenAPI document:\n${shown}`);
  }
  // A file of thousands of answers takes seconds to check, many more on a loaded CI machine
  // (vitest's 10 s default for hooks was once not enough): the check's cost is its own.
}, 300_000);
