import { defineConfig } from 'vitest/config';

// One project per workspace; each has its own vitest.config.ts (libs resolve through the "source" condition).
// The server's suite runs twice: on SQLite (apps/server/vitest.config.ts) and on PostgreSQL.
export default defineConfig({
  test: {
    projects: ['libs/*', 'apps/*', 'apps/server/vitest.postgres.config.ts'],
  },
});
