/**
 * Vitest global setup: with FB_TEST_DB=postgres, one throw-away PostgreSQL cluster for the whole run (each
 * server a test boots gets its own database on it, see harness.ts); stopped when the run ends.
 */
import type { TestProject } from 'vitest/node';
import { startPostgres } from './fixtures/postgres-cluster.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The cluster's maintenance database URL ('' when the tests run on SQLite). */
    postgresAdminUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<(() => void) | undefined> {
  if ((project.config.env?.FB_TEST_DB ?? process.env.FB_TEST_DB) !== 'postgres') {
    project.provide('postgresAdminUrl', '');
    return undefined;
  }
  const cluster = await startPostgres();
  project.provide('postgresAdminUrl', cluster.url);
  return () => cluster.stop();
}
