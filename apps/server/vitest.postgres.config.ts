import { configDefaults, defineConfig } from 'vitest/config';
import sqlite from './vitest.config.js';

/**
 * The server suite again, every server on PostgreSQL (FB_TEST_DB=postgres): the same test files, not a copy.
 * Left out, as SQLite-only by nature: the WAL checkpointer (src/storage/sqlite), the SQLite migrations' upgrade
 * path (src/storage/migrations.test.ts) and the online backup of the SQLite file (test/backup.test.ts).
 */
export default defineConfig({
  ...sqlite,
  test: {
    ...sqlite.test,
    name: 'server-postgres',
    env: { FB_TEST_DB: 'postgres' },
    // After the other projects, not beside them: its files boot servers too (and build dist/ as the SQLite
    // project's durability test does), and the 2-core machine runs one suite at a time more calmly.
    sequence: { groupOrder: 1 },
    exclude: [
      ...configDefaults.exclude,
      'src/storage/sqlite/**',
      'src/storage/migrations.test.ts',
      'test/backup.test.ts',
    ],
  },
});
