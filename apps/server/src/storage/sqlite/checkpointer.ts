/**
 * WAL checkpoints off the request path. With synchronous=NORMAL a commit never fsyncs, but SQLite's
 * automatic checkpoint (run inside whichever commit crosses 1,000 WAL pages) does, stalling that request
 * and every one queued behind it. A worker thread with its own connection checkpoints PASSIVE-ly instead;
 * if it ever fails, the main connection takes automatic checkpoints back.
 *
 * A PASSIVE checkpoint never blocks the writer, but under sustained writes it never catches up either: a
 * commit lands while it copies, so the WAL is never restarted and grows without end. So the worker watches
 * the WAL file's size, and past `walMaxBytes` it forces a TRUNCATE checkpoint, which holds writers off while
 * it copies the rest and empties the file. Between back-to-back transactions the writer lock is free only
 * for microseconds, which a checkpoint polling on its busy handler rarely catches: so the worker raises a
 * flag in shared memory and the main thread parks at its next transaction until the checkpoint is done.
 * `journal_size_limit` also trims a WAL that a quiet moment let restart. While another connection reads an
 * old snapshot (an online backup) the WAL cannot be emptied, and TRUNCATE would wait for that reader with
 * writers held: the worker then backs off instead, and tries again after the reader is gone.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type Database from 'better-sqlite3';

/** What the worker reports after a forced (TRUNCATE) checkpoint. */
export interface ForcedCheckpoint {
  /** The WAL file's size when it was forced. */
  readonly walBytes: number;
  /** How long the TRUNCATE took: writers were held off meanwhile. */
  readonly ms: number;
  /** True when a reader kept it from finishing (the WAL stays until a later attempt). */
  readonly busy: boolean;
}

type WorkerMessage = { readonly error: string } | { readonly forced: ForcedCheckpoint };

const WORKER_SOURCE = `
const { statSync } = require('node:fs');
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const { path, walMaxBytes, everyMs, watchMs, forcedWaitMs, maxBackoffMs, gate } = workerData;
const WANTED = 0;
const PARKED = 1;
const db = new Database(path);
db.pragma('busy_timeout = 5000');
db.pragma('journal_size_limit = ' + walMaxBytes);
const walBytes = () => {
  try { return statSync(path + '-wal').size; } catch { return 0; }
};
let lastPassive = 0;
let backoffMs = 0;
let nextForcedAt = 0;
/** A PASSIVE checkpoint: copies what no reader still needs, never waiting. Returns its frame counts. */
function passive() {
  const [{ log, checkpointed }] = db.pragma('wal_checkpoint(PASSIVE)');
  lastPassive = Date.now();
  return { log, checkpointed };
}
/** After a TRUNCATE that a reader kept busy (writers were held meanwhile) the next one waits longer each time. */
function backOff(busy) {
  backoffMs = busy ? Math.min(maxBackoffMs, Math.max(everyMs, backoffMs * 2)) : 0;
  nextForcedAt = Date.now() + backoffMs;
}
function force(size) {
  // Copy what can be copied without holding writers off first, so the forced part is short.
  const first = passive();
  if (first.checkpointed < first.log) {
    // Frames were left behind: a reader needs them. If at once again none of them can go, it is not a
    // transaction of the server's that will end in a moment but a long reader (a backup): TRUNCATE would
    // wait for it with writers held. Look again a little later (it costs writers nothing).
    const again = passive();
    if (again.checkpointed === first.checkpointed) {
      nextForcedAt = Date.now() + everyMs;
      return;
    }
  }
  // Ask the main thread to park before its next transaction; a main thread that is not writing flat out
  // does not come, and the busy handler finds the lock free instead.
  Atomics.store(gate, WANTED, 1);
  let started;
  let busy;
  try {
    Atomics.wait(gate, PARKED, 0, 50);
    started = performance.now();
    // The wait for the writer lock and for readers is what writers may be held for: keep it short.
    db.pragma('busy_timeout = ' + forcedWaitMs);
    busy = db.pragma('wal_checkpoint(TRUNCATE)')[0].busy !== 0;
  } finally {
    db.pragma('busy_timeout = 5000');
    Atomics.store(gate, WANTED, 0);
    Atomics.notify(gate, WANTED);
  }
  backOff(busy);
  parentPort.postMessage({ forced: { walBytes: size, ms: performance.now() - started, busy } });
}
// The WAL's size is watched more often than it is checkpointed: a stat costs microseconds, and a writer
// going flat out adds megabytes between two checkpoints.
const timer = setInterval(() => {
  try {
    const size = walBytes();
    if (size > walMaxBytes && Date.now() >= nextForcedAt) force(size);
    else if (Date.now() - lastPassive >= everyMs) passive();
  } catch (e) { parentPort.postMessage({ error: String(e) }); }
}, watchMs);
parentPort.on('message', (m) => {
  if (m !== 'stop') return;
  clearInterval(timer);
  try { db.pragma('wal_checkpoint(TRUNCATE)'); } catch {}
  db.close();
  parentPort.close();
});
`;

export interface CheckpointerOptions {
  /** Past this many bytes of WAL a TRUNCATE checkpoint is forced; also the connections' `journal_size_limit`. */
  readonly walMaxBytes: number;
  /** How often the worker checkpoints PASSIVE-ly. */
  readonly everyMs?: number;
  /** How often the worker looks at the WAL's size. */
  readonly watchMs?: number;
  /** How long a forced checkpoint may wait for the writer lock and for readers (writers wait meanwhile). */
  readonly forcedWaitMs?: number;
  /** Called on the main thread after each forced checkpoint (busy ones included). */
  readonly onForced?: (forced: ForcedCheckpoint) => void;
  /** Called on the main thread when the worker fails (the main connection checkpoints automatically then). */
  readonly onError?: (error: string) => void;
}

export interface Checkpointer {
  /**
   * Call before each write transaction: while a forced checkpoint waits for the writer lock, parks here until
   * it is done. Between back-to-back transactions the lock is free only for microseconds, which a checkpoint
   * polling on its busy handler would rarely catch.
   */
  beforeWrite(): void;
  /**
   * The same gate without blocking the event loop: null when no forced checkpoint waits (write now), else a
   * promise settled once it is done (or after `MAX_PARK_MS`). The log's commits wait here, so while the
   * checkpoint holds the writer lock the server goes on reading, sending and refusing; only writes wait.
   */
  writable(): Promise<void> | null;
  stop(): Promise<void>;
}

/** The gate's slots: the worker wants the writer lock; the main thread is parked outside any transaction. */
const WANTED = 0;
const PARKED = 1;

/**
 * The longest a write waits for a forced checkpoint at the gate. Parking blocks the whole event loop (every
 * player), so it is short: past it the write goes ahead and the checkpoint waits on its busy handler.
 */
const MAX_PARK_MS = 1000;

/** Starts checkpointing `path` from a worker thread, with the main connection's autocheckpoint off. */
export function startCheckpointer(main: Database.Database, path: string, options: CheckpointerOptions): Checkpointer {
  const { walMaxBytes, everyMs = 200, watchMs = 25, forcedWaitMs = 250, onForced, onError } = options;
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // A writer that restarts the WAL after a checkpoint caught up trims the file to this size.
  main.pragma(`journal_size_limit = ${walMaxBytes}`);
  main.pragma('wal_autocheckpoint = 0');
  const gate = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  let running = true;
  let fellBack = false;
  const fallBack = (error: string) => {
    if (!fellBack) onError?.(error);
    fellBack = true;
    if (main.open) main.pragma('wal_autocheckpoint = 1000');
  };
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { driver, path, walMaxBytes, everyMs, watchMs, forcedWaitMs, maxBackoffMs: 5000, gate },
  });
  worker.unref();
  worker.on('error', (e) => fallBack(String(e)));
  worker.on('exit', () => {
    // A worker that died while asking for the lock must not leave writers parking.
    running = false;
    Atomics.store(gate, WANTED, 0);
    Atomics.notify(gate, WANTED);
  });
  worker.on('message', (m: WorkerMessage) => {
    if ('error' in m) fallBack(m.error);
    else onForced?.(m.forced);
  });
  let stopped: Promise<void> | null = null;
  /** The writes waiting at the gate without blocking, all released by the same checkpoint's end. */
  let parked: Promise<void> | null = null;
  const checkpointWanted = () => running && Atomics.load(gate, WANTED) !== 0 && !main.inTransaction;
  const park = () => {
    Atomics.store(gate, PARKED, 1);
    Atomics.notify(gate, PARKED);
  };
  return {
    beforeWrite() {
      if (!checkpointWanted()) return;
      park();
      // Bounded like a busy wait: a worker that stopped answering cannot hold writes for longer.
      Atomics.wait(gate, WANTED, 1, MAX_PARK_MS);
      Atomics.store(gate, PARKED, 0);
    },
    writable() {
      if (parked) return parked;
      if (!checkpointWanted()) return null;
      park();
      const { async, value } = Atomics.waitAsync(gate, WANTED, 1, MAX_PARK_MS);
      parked = (async ? value : Promise.resolve()).then(() => {
        parked = null;
        Atomics.store(gate, PARKED, 0);
      });
      return parked;
    },
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
