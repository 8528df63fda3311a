/**
 * `npm run backup -- <file> [--database <path>] [--force]`: copies the live database to <file> while the
 * server runs and prints a one-line JSON summary. The database is `--database`, else DATABASE_PATH, else the
 * server's default. Relative paths are taken from the folder npm ran for (INIT_CWD: the repository root, where
 * `npm start` runs the server), not from apps/server where the script runs; outside npm, from the current one.
 */
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { configFromEnv } from '../common/config.js';
import { BackupError, backupDatabase } from './backup.js';

const USAGE = 'usage: npm run backup -- <file> [--database <path>] [--force]';

function exit(message: string, code: number): never {
  process.stderr.write(`backup: ${message}\n`);
  process.exit(code);
}

/** The command line; exits with USAGE when it does not follow it. */
function parse(argv: string[]): { destination: string; database: string | undefined; force: boolean } {
  try {
    const { values, positionals } = parseArgs({
      args: argv,
      options: { database: { type: 'string' }, force: { type: 'boolean', default: false } },
      allowPositionals: true,
    });
    const [destination, ...extra] = positionals;
    if (destination === undefined || extra.length > 0) return exit(USAGE, 2);
    return { destination, database: values.database, force: values.force };
  } catch (e) {
    return exit(`${(e as Error).message}\n${USAGE}`, 2);
  }
}

const args = parse(process.argv.slice(2));
const base = process.env.INIT_CWD ?? process.cwd();
const database = args.database ?? configFromEnv({ DATABASE_PATH: process.env.DATABASE_PATH }).databasePath;
try {
  const summary = await backupDatabase(resolve(base, database), resolve(base, args.destination), { force: args.force });
  process.stdout.write(`${JSON.stringify(summary)}\n`);
} catch (e) {
  if (e instanceof BackupError) exit(e.message, 1);
  throw e;
}
