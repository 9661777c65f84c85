// The package page: what a user reads on the registry (README.md alone, so its links are
// absolute), the licence and the repository fields, and no shipped or documentation text that
// names a file outside the repository.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_ONLY_ENTRIES } from '../../scripts/entries.js';
import { readJson } from './lockfile.js';
import { type PackedPackage, packedPackage, REPOSITORY } from './packed-package.js';

/** Names of files that users cannot reach: the project's shared folder beside the checkout. */
const OUTSIDE_FILES = /\.\.\/shared\b|shared\/(reference|spec|data)\/|world-indexes\.md|api-v2\.md/;

const manifest = readJson<{
  license: string;
  repository: { type: string; url: string };
  homepage: string;
  bugs: { url: string };
}>(join(REPOSITORY, 'package.json'));
const readme = readFileSync(join(REPOSITORY, 'README.md'), 'utf8');
/** `https://github.com/owner/name`, from the repository field. */
const repository = manifest.repository.url.replace(/^git\+/, '').replace(/\.git$/, '');

const docs = (): string[] => [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(REPOSITORY, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];

describe('README.md', () => {
  it('opens with `npm install airq`, then the library', () => {
    const firstBlock = /```(\w*)\n([^`]*)```/.exec(readme);
    expect(firstBlock?.[1]).toBe('sh');
    expect(firstBlock?.[2]?.trim()).toBe('npm install airq');
    expect(readme.slice(0, firstBlock?.index)).toBe('# airq\n\n');
    expect(readme.slice(0, readme.indexOf('\n## '))).toMatch(/library of air quality computations/);
  });

  it('keeps the contributor set-up short, and at most 350 lines', () => {
    expect(readme).toMatch(/npm install && npm start/);
    expect(readme).toMatch(/npm test\b/);
    expect(readme.split('\n').length).toBeLessThanOrEqual(350);
  });

  it('links only absolutely (the registry shows it alone), and to files that exist', () => {
    const links = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((match) => match[1] ?? '');
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect(link, link).toMatch(/^(https:\/\/|#)/);
      if (!link.startsWith(`${repository}/blob/main/`)) continue;
      const file = link.slice(`${repository}/blob/main/`.length).replace(/#.*$/, '');
      expect(existsSync(join(REPOSITORY, file)), link).toBe(true);
    }
  });
});

describe('the package', () => {
  let packed: PackedPackage;

  beforeAll(async () => {
    packed = await packedPackage();
  }, 300_000);

  it('ships an MIT LICENSE and names its repository, homepage and issue tracker', () => {
    expect(manifest.license).toBe('MIT');
    expect(readFileSync(join(packed.packageDir, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n/);
    expect(existsSync(join(packed.packageDir, 'README.md'))).toBe(true);
    expect(manifest.repository.type).toBe('git');
    expect(repository).toMatch(/^https:\/\/github\.com\/[\w.-]+\/[\w.-]+$/);
    expect(manifest.homepage.startsWith(repository)).toBe(true);
    expect(manifest.bugs.url).toBe(`${repository}/issues`);
  });

  it('ships no text that names a file outside the package', () => {
    const files = readdirSync(packed.packageDir, { recursive: true, encoding: 'utf8' });
    const naming = files.filter((file) => {
      const path = join(packed.packageDir, file);
      return statSync(path).isFile() && OUTSIDE_FILES.test(readFileSync(path, 'utf8'));
    });
    expect(files.length).toBeGreaterThan(10);
    expect(naming).toEqual([]);
  });
});

describe('docs', () => {
  it('name no file outside the repository; they cite the primary sources', () => {
    const naming = docs().filter((page) =>
      OUTSIDE_FILES.test(readFileSync(join(REPOSITORY, page), 'utf8')),
    );
    expect(naming).toEqual([]);
  });

  it('name the four Node-only subpaths', () => {
    const index = readFileSync(join(REPOSITORY, 'docs', 'README.md'), 'utf8');
    const sentence = index.slice(index.indexOf('need Node by design'));
    for (const entry of NODE_ONLY_ENTRIES) expect(sentence).toContain(`\`airq/${entry}\``);
  });
});
