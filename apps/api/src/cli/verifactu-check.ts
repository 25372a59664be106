// `npm run verifactu:check -- --license CODE`: recomputes every huella of a license's Verifactu chain
// and reports the first break (exit code 1), on the database of DATABASE_URL or DATA_DIR as `npm start`.
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { checkChain } from '../modules/invoices/chain-check.js';
import { licenses } from '../modules/licenses/licenses.table.js';

const args = process.argv.slice(2);
const at = args.indexOf('--license');
const code = at >= 0 ? args[at + 1] : undefined;
if (!code) {
  console.error('usage: npm run verifactu:check -- --license CODE');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({
  url: config.DATABASE_URL,
  dataDir: path.resolve(config.DATA_DIR, 'pgdata'),
});
await runMigrations(database);
const [license] = await database.db.select().from(licenses).where(eq(licenses.code, code));
if (!license) {
  console.error(`No license "${code}"`);
  await database.close();
  process.exit(2);
}
const started = performance.now();
const result = await checkChain(database.db, license.id);
const seconds = ((performance.now() - started) / 1000).toFixed(2);
if (result.ok)
  console.log(`License ${code}: ${result.checked} Verifactu records, chain intact (${seconds} s).`);
else
  console.log(
    `License ${code}: chain broken at record ${result.firstBreak!.seq} (invoice ${result.firstBreak!.invoiceCode}): ${result.firstBreak!.reason}. ${result.checked} records before it are intact.`,
  );
await database.close();
process.exit(result.ok ? 0 : 1);
