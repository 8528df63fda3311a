import { defineConfig } from 'drizzle-kit';

// `npm run db:generate` (from apps/server) writes the PostgreSQL migrations to migrations/postgres/.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/storage/postgres/schema.ts',
  out: '../../migrations/postgres',
});
