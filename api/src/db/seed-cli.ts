/**
 * Migrates and seeds the configured database, then exits (`npm run seed -w @scholars/api`).
 * Uses the same configuration as the server (DATABASE_URL or DATA_DIR). With PGlite the API must
 * not be running on the same folder (the folder lock refuses a second process).
 */
import { ConfigError, loadConfig } from '../config';
import { installValidationErrorMap } from '@scholars/shared-contracts/schemas';
import { openDatabase } from './client';
import { seedDatabase } from './seed';

installValidationErrorMap();
try {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    let result = 'skipped';
    await database.migrate(async (db) => {
      result = await seedDatabase(db, { force: process.argv.includes('--force') });
    });
    console.log(`migrations applied; seed ${result} (${database.driver})`);
  } finally {
    await database.close();
  }
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
