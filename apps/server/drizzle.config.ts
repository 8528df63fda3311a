import { defineConfig } from 'drizzle-kit';

// `npx drizzle-kit generate` (from apps/server) writes SQL migrations to the top-level migrations/ folder.
export default defineConfig({
  dialect: 'sqlite',
  schema: './src/storage/sqlite/schema.ts',
  out: '../../migrations',
});
