// `npm start`: runs the CLI straight from the TypeScript sources through tsx (a dev
// dependency), so a fresh clone needs no build step and never serves a stale dist/.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/bin.ts');
