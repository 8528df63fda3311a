/**
 * Online backup of the live database: SQLite's backup API (better-sqlite3 `db.backup`) copies it page by page
 * from one read transaction, so the copy is one consistent moment of the log while the server keeps writing
 * (WAL mode lets it). The copy is written beside the destination and renamed into place, so a failed or
 * interrupted backup never leaves a half-written file under that name.
 */
import { closeSync, existsSync, fsyncSync, openSync, renameSync, rmSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import Database from 'better-sqlite3';
import { count, getTableName } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { lobbies, lobbyEvents } from '../storage/sqlite/schema.js';

export interface BackupOptions {
  /** Replace an existing destination file. */
  readonly force?: boolean;
}

/** What `npm run backup` prints: the copy's size and what it holds. */
export interface BackupSummary {
  readonly source: string;
  readonly destination: string;
  readonly pages: number;
  readonly bytes: number;
  readonly ms: number;
  readonly lobbies: number;
  readonly events: number;
}

/** A backup refused or failed for a reason the operator can fix (the message says which). */
export class BackupError extends Error {
  override readonly name = 'BackupError';
}

/** Files SQLite keeps beside a database; a stale one next to a fresh copy would be read as part of it. */
const SIDE_FILES = ['-wal', '-shm', '-journal'];

function removeWithSideFiles(path: string): void {
  for (const suffix of ['', ...SIDE_FILES]) rmSync(`${path}${suffix}`, { force: true });
}

/** Makes the rename into the destination folder durable. */
function syncFolder(folder: string): void {
  const fd = openSync(folder, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Checks what can be checked before copying; every refusal names the path and what to do. */
function refusal(source: string, destination: string, force: boolean): string | null {
  if (!existsSync(source)) return `There is no database at ${source} (set DATABASE_PATH or pass --database).`;
  if (source === destination) return 'The destination is the database itself: choose another file.';
  const folder = dirname(destination);
  if (!existsSync(folder) || !statSync(folder).isDirectory()) return `The folder ${folder} does not exist.`;
  if (existsSync(destination)) {
    if (!force) return `${destination} already exists: pass --force to overwrite it.`;
    if (statSync(destination).isDirectory()) return `${destination} is a folder: name a file.`;
  }
  return null;
}

/**
 * Copies the database at `source` to `destination` while it may be in use, and counts what the copy holds.
 * Refuses (BackupError) a missing source, an existing destination without `force`, or an unwritable folder.
 */
export async function backupDatabase(
  source: string,
  destination: string,
  options: BackupOptions = {},
): Promise<BackupSummary> {
  const from = resolve(source);
  const to = resolve(destination);
  const refused = refusal(from, to, options.force ?? false);
  if (refused) throw new BackupError(refused);

  const partial = `${to}.partial-${process.pid}`;
  const db = openSource(from);
  try {
    removeWithSideFiles(partial);
    const started = performance.now();
    // All pages in one step: one read transaction, so one consistent snapshot. Copying in several steps would
    // start over each time the server commits in between, which under steady play is always.
    const { totalPages } = await db.backup(partial, { progress: () => 0x7fffffff });
    const ms = Math.round(performance.now() - started);
    const counts = finishCopy(partial);
    // The rename replaces an existing file at once; its side files (from a copy that was opened) must go.
    for (const suffix of SIDE_FILES) rmSync(`${to}${suffix}`, { force: true });
    renameSync(partial, to);
    syncFolder(dirname(to));
    return { source: from, destination: to, pages: totalPages, bytes: statSync(to).size, ms, ...counts };
  } catch (e) {
    removeWithSideFiles(partial);
    const reason = (e as NodeJS.ErrnoException).code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new BackupError(`Cannot write the copy to ${to}: ${reason}`);
  } finally {
    db.close();
  }
}

/** The database, read-only, once it is known to be one of ours. */
function openSource(path: string): Database.Database {
  let db: Database.Database | null = null;
  try {
    db = new Database(path, { readonly: true, fileMustExist: true });
    db.pragma('busy_timeout = 5000');
    const tables = new Set((db.pragma('table_list') as { name: string }[]).map((t) => t.name));
    const missing = [lobbies, lobbyEvents].map(getTableName).filter((name) => !tables.has(name));
    if (missing.length > 0) throw new Error(`no ${missing.join(' or ')} table`);
    return db;
  } catch (e) {
    db?.close();
    throw new BackupError(`${path} is not a readable Four Banners database: ${(e as Error).message}`);
  }
}

/** Makes the copy a self-contained file and counts what it holds. */
function finishCopy(path: string): { lobbies: number; events: number } {
  const copy = new Database(path);
  try {
    // The copy of a WAL database would otherwise ask for -wal/-shm files beside it when opened.
    copy.pragma('journal_mode = DELETE');
    const orm = drizzle({ client: copy });
    const rows = (table: typeof lobbies | typeof lobbyEvents) => orm.select({ n: count() }).from(table).get()?.n ?? 0;
    return { lobbies: rows(lobbies), events: rows(lobbyEvents) };
  } finally {
    copy.close();
  }
}
