// `npm run lint:openapi`: builds the OpenAPI document without a server (buildApp on an in-memory
// database, then app.swagger()) and lints it with Redocly's recommended rules; errors fail, warnings
// are printed.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const dir = mkdtempSync(path.join(os.tmpdir(), 'mostrador-openapi-'));
const document = path.join(dir, 'openapi.json');
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) {
    rmSync(dir, { recursive: true, force: true });
    process.exit(result.status ?? 1);
  }
}

run(bin('tsx'), ['--conditions=source', 'apps/api/openapi-document.ts', document]);
run(bin('redocly'), ['lint', '--extends', 'recommended', '--max-problems', '1000', document]);
rmSync(dir, { recursive: true, force: true });
