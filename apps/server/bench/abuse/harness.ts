/**
 * One attack, one fresh server: start it, start the honest players, measure a window while the attack
 * runs (honest round trips, RSS, WAL, database size, largest response), stop everything. Attacks only
 * describe what they do and which figures they print.
 */
import { loadavg } from 'node:os';
import { configFromEnv, type ServerConfig } from '../../src/common/config.js';
import { Largest } from './client.js';
import { HonestPlayers, type HonestStats } from './honest.js';
import { ServerUnderTest, metricValue, serverEnv, type ServerMode, type Watch } from './server-process.js';

/** An aim an attack checks on top of the common ones. */
export interface Aim {
  readonly what: string;
  readonly aim: string;
  readonly measured: string;
  readonly met: boolean;
}

export interface AttackContext {
  readonly server: ServerUnderTest;
  /** The settings the server runs with, as src/config.ts reads them from its environment. */
  readonly config: ServerConfig;
  readonly largest: Largest;
  /** The attack's window in seconds (its phases share it). */
  readonly seconds: number;
  /** The honest players' lobby: left out of the attackers' event counts. */
  readonly honestLobby: string;
  /** Events logged by the attackers' lobbies so far (the honest lobby left out). */
  attackerEvents(): number;
  /** Adds a line to the attack's details. */
  figure(label: string, value: string): void;
  aim(aim: Aim): void;
  note(text: string): void;
}

export interface Attack {
  readonly id: string;
  readonly title: string;
  /** Server settings beyond the common ones, printed beside the result. */
  readonly settings?: Record<string, string>;
  /** The window, when it is not the common one. */
  readonly seconds?: number;
  run(ctx: AttackContext): Promise<void>;
}

export interface AttackResult {
  readonly id: string;
  readonly title: string;
  readonly settings: Record<string, string>;
  readonly seconds: number;
  readonly honest: HonestStats | null;
  readonly watch: Watch;
  /** VmHWM at the end: the peak RSS over the server's whole life. */
  readonly hwm: number;
  readonly largest: { bytes: number; what: string };
  readonly files: { before: number; after: number };
  readonly figures: readonly [string, string][];
  readonly aims: readonly Aim[];
  readonly notes: readonly string[];
  /** Set when the attack could not run to its end (a setup step refused, the server gone…). */
  readonly failure: string | null;
  readonly serverExit: string | null;
  readonly metrics: Map<string, number> | null;
  /** The machine's 1-minute load average at the end of the window (other work on the machine shows here). */
  readonly load: number;
}

/** Thrown to skip the rest of an attack whose failure is already recorded. */
class SkipAttack extends Error {}

/** The 1-minute load average. */
const loadAverage = () => loadavg()[0] ?? Number.NaN;

export interface RunOptions {
  readonly mode: ServerMode;
  readonly common: Record<string, string>;
  readonly seconds: number;
}

/** Runs `attack` against a fresh server and returns what was measured (a failure is part of the result). */
export async function runAttack(attack: Attack, opts: RunOptions): Promise<AttackResult> {
  const settings = { ...opts.common, ...attack.settings };
  const seconds = attack.seconds ?? opts.seconds;
  const server = await ServerUnderTest.start(opts.mode, settings);
  const figures: [string, string][] = [];
  const aims: Aim[] = [];
  const notes: string[] = [];
  const largest = new Largest();
  let honest: HonestPlayers | null = null;
  let honestStats: HonestStats | null = null;
  let failure: string | null = null;
  let watch: Watch | null = null;
  let before = 0;
  let after = 0;
  let hwm = 0;
  let metrics: Map<string, number> | null = null;
  let load = Number.NaN;
  try {
    try {
      honest = await HonestPlayers.start(server.url);
    } catch (e) {
      // No honest players means no attack to measure; a server that died on them is the finding.
      failure = (e instanceof Error ? e.message : String(e)).split('\n')[0]!;
      await new Promise((r) => setTimeout(r, 200));
      if (server.exited) failure = `${failure} (the server ${server.exited})`;
      throw new SkipAttack();
    }
    // Let the honest game settle (JIT, first turns) before anything is measured.
    await new Promise((r) => setTimeout(r, 1500));
    before = server.files().total;
    const honestLobby = honest.lobbyId;
    const ctx: AttackContext = {
      server,
      config: configFromEnv(serverEnv(settings)),
      largest,
      seconds,
      honestLobby,
      attackerEvents: () => server.counts(honestLobby).events,
      figure: (label, value) => figures.push([label, value]),
      aim: (a) => aims.push(a),
      note: (text) => notes.push(text),
    };
    server.watch();
    honest.mark();
    try {
      await attack.run(ctx);
    } catch (e) {
      failure = e instanceof Error ? e.message : String(e);
      if (server.exited) failure = `${failure} (the server ${server.exited})`;
    }
    honestStats = await honest.collect().catch(() => null);
    metrics = await server.metrics();
    watch = server.unwatch();
    load = loadAverage();
    after = server.files().total;
    hwm = server.memory().hwm;
  } catch (e) {
    if (!(e instanceof SkipAttack)) throw e;
  } finally {
    watch ??= server.unwatch();
    await honest?.stop().catch(() => undefined);
    await server.stop();
  }
  if (server.errorsLogged > 0)
    notes.push(`The server logged ${server.errorsLogged} error lines; first: ${server.loggedErrors[0]}`);
  const errorLine = server.stderr.find((l) => /\w+Error: /.test(l)) ?? server.stderr.at(-1);
  if (server.exited) notes.push(`The server ${server.exited}; stderr: ${errorLine ?? '(empty)'}`);
  else if (errorLine) notes.push(`Server stderr (${server.stderr.length} lines kept): ${errorLine}`);
  return {
    id: attack.id,
    title: attack.title,
    settings: attack.settings ?? {},
    seconds,
    honest: honestStats,
    watch,
    hwm,
    largest: { bytes: largest.bytes, what: largest.what },
    files: { before, after },
    figures,
    aims,
    notes,
    failure,
    serverExit: server.exited,
    metrics,
    load,
  };
}

/** The change of a counter between two scrapes. */
export function metricDelta(
  before: Map<string, number> | null,
  after: Map<string, number> | null,
  name: string,
  labels = '',
): number | null {
  if (!before || !after) return null;
  return metricValue(after, name, labels) - metricValue(before, name, labels);
}

/** Refusals by limit since `before`, as "limit n, …" (from the server's metrics). */
export function refusalsSince(before: Map<string, number> | null, after: Map<string, number> | null): string {
  if (!before || !after) return 'n/a (no /api/metrics)';
  const out: string[] = [];
  for (const [key, value] of after) {
    if (!key.startsWith('fb_rate_limited_total{')) continue;
    const delta = value - (before.get(key) ?? 0);
    const limit = /limit="([^"]+)"/.exec(key)?.[1] ?? key;
    if (delta > 0) out.push(`${limit} ${delta}`);
  }
  return out.length ? out.join(', ') : 'none';
}

export const secondsSince = (t0: number) => (performance.now() - t0) / 1000;
