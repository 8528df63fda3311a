/**
 * The server under test as a child process: started from source (tsx) or from `dist/` (what `npm start`
 * runs) on a fresh temp database, watched from outside (RSS and CPU from /proc, the database and WAL
 * files by size, `/api/metrics`, counts read from the database file), and stopped. A server that exits by
 * itself is a finding, not a bench failure: `exited` says how.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';

export const SERVER_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export type ServerMode = 'dist' | 'source';

/** The address the bench's own HTTP requests (metrics) come from, kept apart from every attacker's. */
export const BENCH_ADDRESS = '10.255.255.254';
export const ADMIN_TOKEN = 'bench-admin-token';
/** The flags `npm start` gives node (OPERATIONS §2.1), so the figures are those of the server as run. */
const NODE_FLAGS = ['--max-semi-space-size=16'];

/** Every child process and temp dir the bench made, so Ctrl-C and crashes can clean up. */
const live = new Set<ChildProcess>();
const dirs = new Set<string>();

/** Kills every child still running and removes every temp dir (synchronous: also used on exit). */
export function cleanUpEverything(): void {
  for (const child of live) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  live.clear();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  dirs.clear();
}

/** Remembers a child process for `cleanUpEverything` until it exits. */
export function track(child: ChildProcess): void {
  live.add(child);
  child.once('exit', () => live.delete(child));
}

/**
 * The environment the server gets: only what a process needs (PATH, HOME…) and the bench's settings, so a
 * limit set in the caller's shell cannot leak in: every other setting is the default.
 */
export function serverEnv(settings: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']) {
    const value = process.env[key];
    if (value !== undefined) env[key] = value;
  }
  return { ...env, ...settings };
}

/** One reading of the server process from outside. */
interface Sample {
  readonly t: number;
  readonly rss: number;
  readonly wal: number;
}

/** Peak and time series of RSS and WAL size over a window, sampled every `everyMs`. */
export interface Watch {
  readonly peakRss: number;
  readonly peakWal: number;
  /** WAL size at each whole second of the window (for the over-time line). */
  readonly walSeries: readonly number[];
  /** Server CPU over the window, in cores (1.0 = one core busy). */
  readonly cpuCores: number;
  /** Most bytes queued in the kernel on the server's side of its TCP connections at once. */
  readonly peakKernelSendQueue: number;
  /**
   * The server's event-loop delay over the window (prom-client's histogram, which every scrape resets: the
   * largest p99 and max of the scrapes in the window); null without /api/metrics.
   */
  readonly loopLag: { p99: number; max: number } | null;
  /** TRUNCATE checkpoints the WAL's size forced (writers wait meanwhile); seen only when LOG is on. */
  readonly forcedCheckpoints: { count: number; maxMs: number; busy: number };
}

const CLOCK_TICKS = 100;

export class ServerUnderTest {
  readonly url: string;
  readonly port: number;
  private samples: Sample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private windowStart = 0;
  private cpuStart = 0;
  private peakSendQueue = 0;
  private loopLag: { p99: number; max: number } | null = null;
  private readonly stderrTail: string[] = [];
  /** Error lines the server logged (LOG on only), the first few kept. */
  readonly loggedErrors: string[] = [];
  private errorCount = 0;
  private forced: { ms: number; walBytes: number; busy: boolean }[] = [];
  private exitInfo: string | null = null;
  private stopping = false;

  private constructor(
    private readonly child: ChildProcess,
    readonly dir: string,
    readonly databasePath: string,
    port: number,
  ) {
    this.port = port;
    this.url = `http://127.0.0.1:${port}`;
    child.stderr?.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) this.stderrTail.push(line);
      if (this.stderrTail.length > 40) this.stderrTail.splice(0, this.stderrTail.length - 40);
    });
    child.once('exit', (code, signal) => {
      if (!this.stopping) this.exitInfo = `exited by itself (code ${code}, signal ${signal})`;
    });
  }

  /** Starts a server on a fresh temp database and resolves once it logs "listening". */
  static async start(mode: ServerMode, settings: Record<string, string>): Promise<ServerUnderTest> {
    const dir = mkdtempSync(join(tmpdir(), 'fb-bench-abuse-'));
    dirs.add(dir);
    const databasePath = join(dir, 'four-banners.db');
    // One process either way (tsx as an import hook, not its CLI wrapper), so its pid is the server's.
    // BENCH_CPU_PROF=<dir> writes the server's V8 CPU profile there when it stops (what costs what).
    const profile = process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : [];
    const args =
      mode === 'dist'
        ? [...profile, ...NODE_FLAGS, join(SERVER_ROOT, 'dist', 'main.js')]
        : [...profile, ...NODE_FLAGS, '--conditions=source', '--import', 'tsx', join(SERVER_ROOT, 'src', 'main.ts')];
    const child = spawn(process.execPath, args, {
      cwd: SERVER_ROOT,
      env: serverEnv({
        PORT: '0',
        HOST: '127.0.0.1',
        DATABASE_PATH: databasePath,
        ADMIN_TOKEN,
        WEB_DIST: join(dir, 'no-web-app'),
        ...settings,
      }),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    track(child);
    const port = await new Promise<number>((res, rej) => {
      const timeout = setTimeout(() => rej(new Error('the server did not log "listening" within 60 s')), 60_000);
      child.once('exit', (code) => rej(new Error(`the server exited at start with code ${code}`)));
      createInterface({ input: child.stdout! }).on('line', (line) => {
        try {
          const entry = JSON.parse(line) as { msg?: string; port?: number };
          if (entry.msg === 'listening' && entry.port) {
            clearTimeout(timeout);
            res(entry.port);
          }
        } catch {
          // not a log line
        }
      });
    });
    const server = new ServerUnderTest(child, dir, databasePath, port);
    // Keep reading stdout (a line per event when LOG is on) so the server never blocks on the pipe; errors
    // and forced WAL checkpoints are kept (logged only when LOG is on).
    createInterface({ input: child.stdout! }).on('line', (line) => server.onLogLine(line));
    return server;
  }

  get pid(): number {
    return this.child.pid!;
  }

  private onLogLine(line: string): void {
    if (line.includes('"level":"error"')) {
      this.errorCount += 1;
      if (this.loggedErrors.length < 5) this.loggedErrors.push(line.slice(0, 400));
    } else if (line.includes('"wal-checkpoint-forced"') && this.timer) {
      try {
        this.forced.push(JSON.parse(line) as { ms: number; walBytes: number; busy: boolean });
      } catch {
        // not a whole line
      }
    }
  }

  /** How many error lines the server logged (LOG on only). */
  get errorsLogged(): number {
    return this.errorCount;
  }

  /** Why the server is gone, if it exited without being asked to. */
  get exited(): string | null {
    return this.exitInfo;
  }

  get stderr(): readonly string[] {
    return this.stderrTail;
  }

  /** VmRSS and VmHWM of the server, in bytes (0 once it is gone). */
  memory(): { rss: number; hwm: number } {
    try {
      const status = readFileSync(`/proc/${this.pid}/status`, 'utf8');
      const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, 'm').exec(status)?.[1] ?? 0) * 1024;
      return { rss: kb('VmRSS'), hwm: kb('VmHWM') };
    } catch {
      return { rss: 0, hwm: 0 };
    }
  }

  /** Database, WAL and shared-memory files, in bytes. */
  files(): { db: number; wal: number; shm: number; total: number } {
    const size = (p: string) => {
      try {
        return statSync(p).size;
      } catch {
        return 0;
      }
    };
    const db = size(this.databasePath);
    const wal = size(`${this.databasePath}-wal`);
    const shm = size(`${this.databasePath}-shm`);
    return { db, wal, shm, total: db + wal };
  }

  /** Starts sampling RSS, WAL size, CPU and kernel send queues every `everyMs`. */
  watch(everyMs = 200): void {
    this.samples = [];
    this.forced = [];
    this.peakSendQueue = 0;
    // A scrape resets the server's event-loop histogram, so the window's lag starts here.
    void this.metrics().then(() => (this.loopLag = null));
    this.windowStart = performance.now();
    this.cpuStart = this.cpuSeconds();
    const sample = () => {
      this.samples.push({ t: performance.now() - this.windowStart, rss: this.memory().rss, wal: this.files().wal });
      this.peakSendQueue = Math.max(this.peakSendQueue, this.kernelSendQueue());
    };
    sample();
    this.timer = setInterval(sample, everyMs);
  }

  /** Stops sampling and summarises the window. */
  unwatch(): Watch {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    const seconds = (performance.now() - this.windowStart) / 1000;
    const walSeries: number[] = [];
    for (const s of this.samples) {
      const second = Math.floor(s.t / 1000);
      walSeries[second] = Math.max(walSeries[second] ?? 0, s.wal);
    }
    return {
      peakRss: Math.max(0, ...this.samples.map((s) => s.rss)),
      peakWal: Math.max(0, ...this.samples.map((s) => s.wal)),
      walSeries: Array.from(walSeries, (v) => v ?? 0),
      cpuCores: seconds > 0 ? (this.cpuSeconds() - this.cpuStart) / seconds : 0,
      peakKernelSendQueue: this.peakSendQueue,
      loopLag: this.loopLag,
      forcedCheckpoints: {
        count: this.forced.length,
        maxMs: Math.max(0, ...this.forced.map((f) => f.ms)),
        busy: this.forced.filter((f) => f.busy).length,
      },
    };
  }

  /** User + system CPU seconds the server has used. */
  private cpuSeconds(): number {
    try {
      const stat = readFileSync(`/proc/${this.pid}/stat`, 'utf8');
      // Fields after the command name (which may hold spaces): utime is the 14th field, stime the 15th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
    } catch {
      return 0;
    }
  }

  /** Bytes the kernel holds unsent on the server's side of its connections (/proc/net/tcp tx_queue). */
  kernelSendQueue(): number {
    let total = 0;
    for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
      let text: string;
      try {
        text = readFileSync(file, 'utf8');
      } catch {
        continue;
      }
      const port = this.port.toString(16).toUpperCase().padStart(4, '0');
      for (const line of text.split('\n').slice(1)) {
        const cols = line.trim().split(/\s+/);
        if (cols.length < 5 || !cols[1]!.endsWith(`:${port}`)) continue;
        total += parseInt(cols[4]!.split(':')[0]!, 16);
      }
    }
    return total;
  }

  /** `/api/metrics` as `name{labels}` → value; null when the endpoint is missing or refuses. */
  async metrics(): Promise<Map<string, number> | null> {
    try {
      const res = await fetch(`${this.url}/api/metrics`, { headers: { 'x-forwarded-for': BENCH_ADDRESS } });
      if (!res.ok) return null;
      const out = new Map<string, number>();
      for (const line of (await res.text()).split('\n')) {
        if (!line || line.startsWith('#')) continue;
        const at = line.lastIndexOf(' ');
        out.set(line.slice(0, at), Number(line.slice(at + 1)));
      }
      const p99 = out.get('nodejs_eventloop_lag_p99_seconds');
      const max = out.get('nodejs_eventloop_lag_max_seconds');
      if (p99 !== undefined && max !== undefined && this.timer) {
        this.loopLag = {
          p99: Math.max(this.loopLag?.p99 ?? 0, p99 * 1000),
          max: Math.max(this.loopLag?.max ?? 0, max * 1000),
        };
      }
      return out;
    } catch {
      return null;
    }
  }

  /** Runs read-only queries on the database file (a short-lived connection, so no checkpoint waits on it). */
  query<T>(fn: (db: Database.Database) => T): T {
    const db = new Database(this.databasePath, { readonly: true, fileMustExist: true });
    try {
      db.pragma('busy_timeout = 5000');
      return fn(db);
    } finally {
      db.close();
    }
  }

  /** Events in the log (but those of lobby `except`), player rows and lobbies. */
  counts(except = ''): { events: number; players: number; lobbies: number } {
    return this.query((db) => {
      const n = (sql: string, ...args: string[]) => (db.prepare(sql).get(...args) as { n: number }).n;
      return {
        events: n('SELECT count(*) AS n FROM lobby_events WHERE lobby_id <> ?', except),
        players: n('SELECT count(*) AS n FROM players'),
        lobbies: n('SELECT count(*) AS n FROM lobbies'),
      };
    });
  }

  /** SIGTERM, then SIGKILL after 5 s; removes the temp dir. */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearInterval(this.timer);
    const child = this.child;
    if (child.exitCode === null && child.signalCode === null) {
      const gone = new Promise<void>((res) => child.once('exit', () => res()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(this.dir, { recursive: true, force: true });
    dirs.delete(this.dir);
  }
}

/** A metric's value (0 when absent), summed over every label set that contains `labels`. */
export function metricValue(metrics: Map<string, number> | null, name: string, labels = ''): number {
  if (!metrics) return 0;
  let sum = 0;
  for (const [key, value] of metrics) {
    const bare = key.split('{')[0];
    if (bare === name && key.includes(labels)) sum += value;
  }
  return sum;
}
