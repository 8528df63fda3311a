import { configDefaults, defineConfig } from 'vitest/config';

/**
 * The server suite, on SQLite. The same files run again on PostgreSQL as the `server-postgres` project
 * (vitest.postgres.config.ts); the global setup starts that project's throw-away cluster.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Moving a SQLite database into PostgreSQL needs the cluster, and the storage and node faults stop and
    // start a PostgreSQL server of their own (or share one log among nodes): they run in the PostgreSQL
    // project only.
    exclude: [
      ...configDefaults.exclude,
      'test/migrate-to-postgres.test.ts',
      'test/storage-faults.test.ts',
      'test/node-faults.test.ts',
    ],
    globalSetup: ['test/postgres.global-setup.ts'],
    // Each file boots its own server on a random port with its own database; keep the 2-core machine calm.
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
