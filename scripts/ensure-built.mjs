// Builds contract, API, web app and booking widget when an output is missing or older than its sources,
// so `npm start` on a fresh clone builds once and later starts at once.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const sources = [
  'package-lock.json',
  'packages/contract/src',
  'apps/api/src',
  'apps/api/build.mjs',
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/widget/src',
  'apps/widget/build.mjs',
];
const outputs = [
  'packages/contract/dist/index.js',
  'apps/api/dist/main.js',
  'apps/web/dist/index.html',
  'apps/widget/dist/index.html',
];

function newest(target) {
  const full = path.join(root, target);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(full).map((name) => newest(path.join(target, name))));
}

const built = outputs.map((o) => path.join(root, o));
const oldestOutput = built.every((o) => existsSync(o))
  ? Math.min(...built.map((o) => statSync(o).mtimeMs))
  : 0;
const newestSource = Math.max(...sources.map(newest));
if (oldestOutput < newestSource) {
  console.log('Building Mostrador…');
  execSync('npm run build --silent', { cwd: root, stdio: 'inherit' });
}
