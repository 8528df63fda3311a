/**
 * Disk growth per game: whole bot games (one seat standing in for a person) are written through the
 * server's own log repository, with its snapshots, into a fresh SQLite file, and the file is measured.
 * Prints bytes per game, per event and per turn, and the snapshots' share, for a few map sizes.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  COUNTRY_NAMES,
  RULES_VERSION,
  applyEvent,
  createRng,
  drawSeed,
  lobbyStatus,
  type Difficulty,
  type LobbyEvent,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import { loggedBotGame } from '@four-banners/engine/runner';
import { configFromEnv } from '../src/common/config.js';
import { SqliteDatabase } from '../src/storage/sqlite/database.js';
import { snapshotOf } from '@four-banners/protocol';
import { SqliteLobbyLogRepository } from '../src/storage/sqlite/lobby-log.repository.js';
import { UNLISTED_FACTS } from '../src/storage/lobby-log.repository.js';

interface Case {
  readonly name: string;
  readonly size: number;
  readonly bots: readonly Difficulty[];
  readonly games: number;
}

const CASES: readonly Case[] = [
  { name: '10×10, 4 countries', size: 10, bots: ['hard', 'normal', 'easy', 'easy'], games: 10 },
  { name: '16×16, 2 countries', size: 16, bots: ['hard', 'easy'], games: 5 },
  { name: '32×32, 4 countries', size: 32, bots: ['hard', 'normal', 'easy', 'easy'], games: 2 },
];
const TURN_CAP = Number(process.env.BENCH_GROWTH_TURN_CAP ?? 2000);
const AT = new Date().toISOString();

/** One seeded game as the server would log it (lobby, seats, start, then every action), and its turns. */
function gameLog(c: Case, seed: number): { events: LobbyEvent[]; turns: number } {
  const rng = createRng(seed);
  const { events, state } = loggedBotGame({
    lobbyId: `G${seed}`,
    adminId: 'p0',
    w: c.size,
    h: c.size,
    seed,
    players: c.bots.map((difficulty, i) => ({
      id: `p${i}`,
      name: COUNTRY_NAMES[i]!,
      country: i as PlayableCountry,
      ...(i === 0 ? {} : { bot: { difficulty } }),
    })),
    difficulty: (country) => c.bots[country]!,
    startSeed: drawSeed(rng),
    turnSeed: () => drawSeed(rng),
    turnCap: TURN_CAP,
    at: AT,
  });
  return { events, turns: state.game.turn.count };
}

/** Writes `events` as the store does (one transaction per event, a snapshot every `every`). */
function write(
  database: SqliteDatabase,
  repo: SqliteLobbyLogRepository,
  events: readonly LobbyEvent[],
  every: number,
): number {
  let state: LobbyState | null = null;
  let snapshotBytes = 0;
  for (const event of events) {
    state = (applyEvent(state, event) as { value: LobbyState }).value;
    const s = state;
    const facts = {
      adminId: s.adminId,
      status: lobbyStatus(s),
      lastSeq: s.seq,
      winner: null,
      players: JSON.stringify(s.players),
      updatedAt: AT,
      startedAt: s.game.running ? AT : null,
      ...UNLISTED_FACTS,
    };
    database.transaction(() => {
      if (event.seq === 1) repo.createLobby(s.lobbyId, AT, RULES_VERSION, facts);
      repo.append(s.lobbyId, [event], facts);
      if (every > 0 && s.seq % every === 0) {
        const json = JSON.stringify(snapshotOf(s));
        snapshotBytes += json.length;
        repo.saveSnapshot(s.lobbyId, s.seq, json);
      }
    });
  }
  return snapshotBytes;
}

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(2)} MB`;

/** Prints the growth table. */
export async function printGrowthBench(): Promise<void> {
  const every = configFromEnv().snapshotEvery;
  console.log(
    `\nDisk growth per game (bots, one seat standing in for a person; SNAPSHOT_EVERY=${every}, turn cap ${TURN_CAP})`,
  );
  console.log('| Map | Games | Turns (mean) | Events (mean) | DB per game | Bytes/event | Bytes/turn | Snapshots |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const c of CASES) {
    const dir = mkdtempSync(join(tmpdir(), 'fb-growth-'));
    const path = join(dir, 'growth.db');
    const database = new SqliteDatabase(configFromEnv({}, { databasePath: path, log: false }));
    const repo = new SqliteLobbyLogRepository(database);
    const empty = fileBytes(database, path);
    let events = 0;
    let turns = 0;
    let snapshots = 0;
    for (let g = 0; g < c.games; g++) {
      const game = gameLog(c, 1000 + g);
      events += game.events.length;
      turns += game.turns;
      snapshots += write(database, repo, game.events, every);
    }
    const grown = fileBytes(database, path) - empty;
    await database.onApplicationShutdown();
    rmSync(dir, { recursive: true, force: true });
    console.log(
      `| ${c.name} | ${c.games} | ${fmt(turns / c.games)} | ${fmt(events / c.games)} | ${mb(grown / c.games)} | ${fmt(grown / events)} | ${fmt(grown / turns)} | ${Math.round((100 * snapshots) / grown)}% |`,
    );
  }
}

/** The database's size once its WAL is folded in. */
function fileBytes(database: SqliteDatabase, path: string): number {
  database.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return statSync(path).size;
}

if (import.meta.url === `file://${process.argv[1]}`) await printGrowthBench();
