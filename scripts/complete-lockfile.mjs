// The npm registry mirror of our build machines serves only the linux-x64 builds of packages
// that ship one binary per platform (Biome, Rollup). `npm install` then writes a lockfile
// without the other platforms' optional packages, and `npm ci` refuses that lockfile as out of
// sync. This script adds the missing entries with their `os` / `cpu` / `libc` fields, read
// from the package name, so `npm ci` skips them here and installs them elsewhere.
// Run it after every `npm install` that changes the lockfile: `node scripts/complete-lockfile.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const lockPath = new URL('../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS_NAMES = [
  'android',
  'darwin',
  'freebsd',
  'linux',
  'openbsd',
  'openharmony',
  'win32',
  'sunos',
  'aix',
  'netbsd',
];
const CPU_NAMES = [
  'arm64',
  'x64',
  'ia32',
  'arm',
  'loong64',
  'ppc64',
  'riscv64',
  's390x',
  'mips64el',
];

/** Reads os, cpu and libc from a platform package name such as `rollup-linux-arm64-musl`. */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((part) => OS_NAMES.includes(part));
  const cpu =
    parts.find((part) => CPU_NAMES.includes(part)) ??
    (parts.includes('eabi') || parts.includes('gnueabihf') || parts.includes('musleabihf')
      ? 'arm'
      : undefined);
  if (!os || !cpu) return undefined;
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : os === 'linux'
        ? 'glibc'
        : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const childPath = `${path ? `${path}/` : ''}node_modules/${name}`;
    const hoistedPath = `node_modules/${name}`;
    if (packages[childPath] || packages[hoistedPath]) continue;
    const platform = platformOf(name);
    if (!platform) continue;
    packages[hoistedPath] = {
      version,
      ...(entry.dev ? { dev: true } : {}),
      optional: true,
      os: [platform.os],
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) =>
    a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0,
  ),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`complete-lockfile: added ${added} platform entries`);
