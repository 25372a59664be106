import path from 'node:path';
import { createServices } from './app.js';
import { loadConfig } from './config.js';
import { openDatabase } from './db/client.js';
import { runMigrations } from './db/migrate.js';
import { seedDemo } from './demo/seed.js';
import { createSecretBox, loadSecretKey } from './lib/secrets.js';
import { bootstrapPlatform } from './modules/licenses/bootstrap.js';

/** `npm run demo`: migrate, bootstrap if needed, add the demo company, print its login. */
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pgdata'),
});
await runMigrations(database);
const secretBox = createSecretBox(loadSecretKey(config.secretsKey, config.DATA_DIR));
const services = createServices({ config, database, secretBox });
const boot = await bootstrapPlatform(database.db, services.licenses, {
  license: config.BOOTSTRAP_LICENSE,
  username: config.BOOTSTRAP_USERNAME,
  password: config.BOOTSTRAP_PASSWORD,
});
if (boot.generatedPassword) {
  console.log(
    `Platform license created: license "${config.BOOTSTRAP_LICENSE}", username "${config.BOOTSTRAP_USERNAME}", password ${boot.generatedPassword}`,
  );
}
console.log(await seedDemo(database.db, services));
await database.close();
