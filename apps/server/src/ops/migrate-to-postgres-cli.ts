/**
 * `npm run migrate-to-postgres -- <sqlite file> [--database-url <postgres://…>]`: copies a SQLite database into
 * the empty PostgreSQL database of `--database-url` (else DATABASE_URL), verifies the copy and prints a one-line
 * JSON summary. A relative path is taken from the folder npm ran for (INIT_CWD: the repository root).
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configFromEnv, type ServerConfig } from '../common/config.js';
import { MigrationError, migrateToPostgres } from './migrate-to-postgres.js';

const USAGE = 'usage: npm run migrate-to-postgres -- <sqlite file> [--database-url <postgres://…>]';

function exit(message: string, code: number): never {
  process.stderr.write(`migrate-to-postgres: ${message}\n`);
  process.exit(code);
}

function parse(argv: string[]): { file: string; url: string | undefined } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { 'database-url': { type: 'string' } },
      allowPositionals: true,
    });
    const [file, ...extra] = positionals;
    if (file === undefined || extra.length > 0) return exit(USAGE, 2);
    return { file, url: values['database-url'] };
  } catch (e) {
    return exit(`${(e as Error).message}\n${USAGE}`, 2);
  }
}

const args = parse(process.argv.slice(2));
let config: ServerConfig;
try {
  config = configFromEnv({ ...process.env, DATABASE_URL: args.url ?? process.env.DATABASE_URL });
} catch (e) {
  exit((e as Error).message, 2);
}
if (config.databaseUrl === null) exit(`set DATABASE_URL or pass --database-url\n${USAGE}`, 2);
try {
  const summary = await migrateToPostgres(resolve(process.env.INIT_CWD ?? process.cwd(), args.file), {
    databaseUrl: config.databaseUrl,
    migrationsDir: config.migrationsDir,
  });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} catch (e) {
  if (e instanceof MigrationError) exit(e.message, 1);
  throw e;
}
