// Writes dist/openapi.json, the package's `airq/openapi.json`, from the same function that
// serves GET /v2/openapi.json: the document has one source, src/openapi/. `npm run build`
// runs this after tsup (whose `clean` empties dist/ first).
import { mkdirSync, writeFileSync } from 'node:fs';
import { routesDocument } from '../src/http/routes.js';

const target = new URL('../dist/openapi.json', import.meta.url);
mkdirSync(new URL('.', target), { recursive: true });
writeFileSync(target, `${JSON.stringify(routesDocument(), null, 2)}\n`);
console.log(`wrote ${target.pathname}`);
