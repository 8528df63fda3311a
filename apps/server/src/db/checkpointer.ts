/**
 * WAL checkpoints off the request path. With synchronous=NORMAL a commit never fsyncs, but SQLite's
 * automatic checkpoint (run inside whichever commit crosses 1,000 WAL pages) does, stalling that request
 * and every one queued behind it. A worker thread with its own connection checkpoints PASSIVE-ly instead;
 * if it ever fails, the main connection takes automatic checkpoints back.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 5000');
const timer = setInterval(() => {
  try { db.pragma('wal_checkpoint(PASSIVE)'); } catch (e) { parentPort.postMessage({ error: String(e) }); }
}, workerData.everyMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(TRUNCATE)'); } catch {}
  db.close();
  parentPort.close();
});
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `path` every `everyMs` from a worker thread, with the main connection's autocheckpoint off. */
export function startCheckpointer(main: Database.Database, path: string, everyMs = 200): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  main.pragma('wal_autocheckpoint = 0');
  const fallBack = () => {
    if (main.open) main.pragma('wal_autocheckpoint = 1000');
  };
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { driver, path, everyMs } });
  worker.unref();
  worker.on('error', fallBack);
  worker.on('message', (m: { error?: string }) => {
    if (m.error) fallBack();
  });
  let stopped: Promise<void> | null = null;
  return {
    stop() {
      stopped ??= new Promise<void>((resolve) => {
        worker.once('exit', () => resolve());
        // Held by the event loop until it exits, so the final checkpoint finishes before the process does.
        worker.ref();
        worker.postMessage('stop');
        // A worker that does not answer is ended; the main connection's close checkpoints instead.
        setTimeout(() => void worker.terminate(), 2000).unref();
      });
      return stopped;
    },
  };
}
