import { defineConfig } from 'drizzle-kit';

// Migrations are generated from src/db/schema.ts (`npm run db:generate -w @scholars/api`),
// committed, and applied at start by drizzle's migrator (PGlite and node-postgres alike).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
  strict: true,
  verbose: true,
});
