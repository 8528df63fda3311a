/**
 * The PostgreSQL schema: the same tables, columns and keys as the SQLite one (schema.ts), so a row reads the
 * same from either driver. Times stay ISO text and payloads JSON text, as the log holds them; the seed is a
 * uint32, hence bigint. Only the PostgreSQL repositories touch these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';

export const lobbies = pgTable(
  'lobbies',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    adminId: text('admin_id').notNull(),
    status: text('status', { enum: ['open', 'running', 'finished', 'closed'] }).notNull(),
    rulesVersion: integer('rules_version').notNull(),
    lastSeq: integer('last_seq').notNull(),
    winner: integer('winner'),
    players: text('players').notNull().default('[]'),
    updatedAt: text('updated_at').notNull(),
    startedAt: text('started_at'),
    rematchId: text('rematch_id'),
    listed: boolean('listed').notNull().default(false),
    w: integer('w'),
    h: integer('h'),
    clock: integer('clock').notNull().default(0),
    botLevel: text('bot_level').notNull().default('normal'),
    quickSeats: integer('quick_seats'),
    freeSeats: integer('free_seats').notNull().default(0),
  },
  (t) => [
    index('lobbies_status_idx').on(t.status, t.createdAt),
    index('lobbies_retention_idx').on(t.updatedAt).where(sql`${t.status} = 'closed' AND ${t.startedAt} IS NULL`),
    index('lobbies_list_idx').on(t.createdAt, t.id),
    index('lobbies_started_list_idx').on(t.createdAt, t.id).where(sql`${t.startedAt} IS NOT NULL`),
    index('lobbies_open_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open' AND ${t.listed} AND ${t.freeSeats} > 0`),
    index('lobbies_quick_idx')
      .on(t.quickSeats, t.w, t.createdAt)
      .where(sql`${t.status} = 'open' AND ${t.quickSeats} IS NOT NULL AND ${t.freeSeats} > 0`),
  ],
);

/** The append-only log: the `(lobby_id, seq)` primary key refuses a second append at a seq (optimistic concurrency). */
export const lobbyEvents = pgTable(
  'lobby_events',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    payload: text('payload').notNull(),
    seed: bigint('seed', { mode: 'number' }),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);

export const players = pgTable(
  'players',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lobbyId: text('lobby_id').references(() => lobbies.id),
  },
  (t) => [
    index('players_lobby_idx').on(t.lobbyId).where(sql`lobby_id IS NOT NULL`),
    index('players_unseated_idx').on(t.createdAt, t.id).where(sql`name = '' AND lobby_id IS NULL`),
  ],
);

export const lobbySnapshots = pgTable(
  'lobby_snapshots',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id),
    seq: integer('seq').notNull(),
    state: text('state').notNull(),
    createdAt: text('created_at')
      .notNull()
      .default(sql`to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);
