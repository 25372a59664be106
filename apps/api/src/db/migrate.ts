import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { Database } from './client.js';

/** The committed SQL migrations; found beside the sources and beside the bundle alike. */
export function migrationsFolder(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const up = here.endsWith(`${path.sep}db`) ? '../..' : '..';
  return path.resolve(here, up, 'drizzle');
}

export async function runMigrations(database: Database): Promise<void> {
  const config = { migrationsFolder: migrationsFolder() };
  // Both migrators run the same SQL; they differ only in the driver type they accept.
  if (database.kind === 'pglite') {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(database.db as never, config);
  } else await migratePg(database.db as never, config);
}
