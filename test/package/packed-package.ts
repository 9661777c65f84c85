// The package as a user installs it: built with the project's tsup.config.ts, packed by
// `npm pack` (so `files` decides what ships), and unpacked as node_modules/airq of a fresh
// project in the temporary folder, away from this repository's node_modules. Beside it, links
// to this repository's copies of airq's dependencies and peers only (a user who uses
// airq/store/postgres or airq/http/redis installs pg or redis), so a module the package
// imports without declaring it is not found, as on a user's machine.
//
// Several test files need it and vitest runs them at once: the first one builds, the others
// wait for its "ready" file. The result is kept, keyed by a digest of everything the build
// reads, so a second run with unchanged sources does not build again.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { build } from 'tsup';

/** The repository's root folder. */
export const REPOSITORY = join(import.meta.dirname, '..', '..');

/** An unpacked tarball in a project of its own. */
export interface PackedPackage {
  /** The consumer project: scripts written here resolve `airq` like a user's code. */
  readonly projectDir: string;
  /** `projectDir/node_modules/airq`: exactly the tarball's files. */
  readonly packageDir: string;
}

/** What ships with the package besides `files` (npm adds these itself). */
const ALWAYS_PACKED = ['package.json', 'README.md', 'LICENSE'];
const BUILD_INPUTS = ['tsup.config.ts', 'scripts/entries.ts', 'src', ...ALWAYS_PACKED];
const WAIT_FOR_OTHER_BUILD_MS = 300_000;

/** Builds, packs and unpacks the package once per content of its sources (see above). */
export async function packedPackage(): Promise<PackedPackage> {
  // One folder per checkout: a build of other sources elsewhere never removes this one's.
  const checkout = createHash('sha256').update(REPOSITORY).digest('hex').slice(0, 8);
  const cacheDir = join(tmpdir(), `airq-packed-${checkout}`);
  const root = join(cacheDir, sourceDigest());
  const packed = {
    projectDir: join(root, 'project'),
    packageDir: join(root, 'project', 'node_modules', 'airq'),
  };
  const ready = join(root, 'ready');
  const lock = `${root}.lock`;
  mkdirSync(cacheDir, { recursive: true });
  const waitedSince = Date.now();
  while (!existsSync(ready)) {
    if (takeLock(lock)) {
      try {
        if (!existsSync(ready)) await buildAndPack(root, cacheDir);
        writeFileSync(ready, new Date().toISOString());
      } finally {
        rmSync(lock, { recursive: true, force: true });
      }
      break;
    }
    if (Date.now() - waitedSince > WAIT_FOR_OTHER_BUILD_MS) {
      throw new Error(`packedPackage: another build held ${lock} for over 5 minutes`);
    }
    await sleep(250);
  }
  return packed;
}

/** The lock is a folder (mkdir is atomic); one left by a killed run expires after 10 minutes. */
function takeLock(lock: string): boolean {
  try {
    mkdirSync(lock);
    return true;
  } catch {
    try {
      if (Date.now() - statSync(lock).mtimeMs > 600_000) rmSync(lock, { recursive: true });
    } catch {
      // removed by its owner in between
    }
    return false;
  }
}

async function buildAndPack(root: string, cacheDir: string): Promise<void> {
  for (const old of readdirSync(cacheDir)) {
    if (!old.endsWith('.lock')) rmSync(join(cacheDir, old), { recursive: true, force: true });
  }
  const staging = join(root, 'staging');
  mkdirSync(staging, { recursive: true });
  for (const file of ALWAYS_PACKED) {
    if (existsSync(join(REPOSITORY, file)))
      copyFileSync(join(REPOSITORY, file), join(staging, file));
  }
  // The project's own configuration; declarations are left out (publint and attw check them
  // on the real build in `npm run check:package`).
  await build({ outDir: join(staging, 'dist'), dts: false, silent: true });
  const [result] = JSON.parse(
    execFileSync('npm', ['pack', '--json', '--pack-destination', root], {
      cwd: staging,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  ) as { filename: string }[];
  if (result === undefined) throw new Error('npm pack wrote no tarball');
  const modules = join(root, 'project', 'node_modules');
  mkdirSync(modules, { recursive: true });
  writeFileSync(
    join(root, 'project', 'package.json'),
    `${JSON.stringify({ name: 'airq-consumer', private: true }, null, 2)}\n`,
  );
  execFileSync('tar', ['-xzf', join(root, result.filename), '-C', modules]);
  renameSync(join(modules, 'package'), join(modules, 'airq'));
  const manifest = JSON.parse(readFileSync(join(modules, 'airq', 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    peerDependencies?: Record<string, string>;
  };
  for (const name of Object.keys({ ...manifest.dependencies, ...manifest.peerDependencies })) {
    mkdirSync(join(modules, name, '..'), { recursive: true });
    symlinkSync(join(REPOSITORY, 'node_modules', name), join(modules, name), 'dir');
  }
  rmSync(staging, { recursive: true, force: true });
}

function sourceDigest(): string {
  const hash = createHash('sha256');
  const visit = (path: string): void => {
    const full = join(REPOSITORY, path);
    if (!existsSync(full)) return;
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort()) visit(join(path, name));
      return;
    }
    hash
      .update(`${relative(REPOSITORY, full)}\0`)
      .update(readFileSync(full))
      .update('\0');
  };
  for (const input of BUILD_INPUTS) visit(input);
  return hash.digest('hex').slice(0, 16);
}

/** Public subpaths from the packed package.json (`airq`, `airq/time`, …), JSON files left out. */
export function publicSubpaths(packageDir: string): string[] {
  const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
    exports: Record<string, unknown>;
  };
  return Object.keys(manifest.exports)
    .filter((key) => !key.endsWith('.json'))
    .map((key) => (key === '.' ? 'airq' : `airq/${key.slice(2)}`));
}

/** Runs `node file` in the consumer project; returns its standard output (throws on failure). */
export function runInProject(
  packed: PackedPackage,
  file: string,
  source: string,
  args: string[] = [],
): string {
  const path = join(packed.projectDir, file);
  writeFileSync(path, source);
  return execFileSync(process.execPath, [path, ...args], {
    cwd: packed.projectDir,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    timeout: 60_000,
  });
}
