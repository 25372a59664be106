// The npm registry mirror these machines reach lacks Biome's binaries for other platforms, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock. This adds
// the missing optional entries (never installed here: their os/cpu do not match), as npm would.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const file = path.resolve(import.meta.dirname, '../package-lock.json');
const lock = JSON.parse(readFileSync(file, 'utf8'));
const packages = lock.packages;
let added = 0;
const next = {};
for (const [key, entry] of Object.entries(packages)) {
  next[key] = entry;
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const target = `node_modules/${name}`;
    if (!key.endsWith('node_modules/@biomejs/biome') || packages[target] || next[target]) continue;
    const [, os, cpu, libc] = /cli-(\w+)-(\w+?)(?:-(musl))?$/.exec(name) ?? [];
    if (!os || !cpu) continue;
    next[target] = {
      version,
      cpu: [cpu],
      dev: true,
      ...(libc ? { libc: [libc] } : {}),
      license: entry.license,
      optional: true,
      os: [os],
      engines: entry.engines,
    };
    added++;
  }
}
if (added) {
  lock.packages = next;
  writeFileSync(file, `${JSON.stringify(lock, null, 2)}\n`);
  console.log(`package-lock.json: added ${added} optional platform entries`);
}
