/**
 * Writes the OpenAPI document to the file named by the first argument (or stdout), without a server
 * nor a database on disk: `npm run lint:openapi` lints it with Redocly.
 */
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildApp } from './src/app.js';
import { loadConfig } from './src/config.js';
import { openDatabase } from './src/db/client.js';
import { createSecretBox } from './src/lib/secrets.js';

const database = await openDatabase({});
const { app } = await buildApp({
  config: loadConfig({ DATA_DIR: '/nonexistent', WEB_DIST_DIR: '/nonexistent' }),
  database,
  secretBox: createSecretBox(randomBytes(32)),
});
await app.ready();
const document = `${JSON.stringify(app.swagger(), null, 2)}\n`;
await app.close();
await database.close();
const [target] = process.argv.slice(2);
if (target) writeFileSync(target, document);
else process.stdout.write(document);
