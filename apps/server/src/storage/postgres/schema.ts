/**
 * The PostgreSQL schema: the same tables, columns and keys as the SQLite one (schema.ts), so a row reads the
 * same from either driver. Times stay ISO text and payloads JSON text, as the log holds them; the seed is a
 * uint32, hence bigint. Only the PostgreSQL repositories touch these tables.
 */
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';

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
    /**
     * `<player id>:<requestId>` of the request whose commit this event ends (PROTOCOL §3.5), on the last event
     * of that commit; null for the server's own events and requests sent without one. Unique per lobby, so a
     * request sent again after its answer was lost cannot land twice.
     */
    requestId: text('request_id'),
  },
  (t) => [
    primaryKey({ columns: [t.lobbyId, t.seq] }),
    uniqueIndex('lobby_events_request_idx').on(t.lobbyId, t.requestId),
  ],
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

// ---- moderation (PROTOCOL §4.9, OPERATIONS §11) ----

/** Chat messages a moderator removed: served blank from then on (the log itself is never rewritten). */
export const chatRemovals = pgTable(
  'chat_removals',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id),
    seq: integer('seq').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);

/** Mutes and bans: of an identity, or of an address (an IPv4 address or an IPv6 /64, as the limits key it). */
export const sanctions = pgTable(
  'sanctions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ['mute', 'ban'] }).notNull(),
    targetKind: text('target_kind', { enum: ['identity', 'address'] }).notNull(),
    target: text('target').notNull(),
    /** A mute limited to one lobby (null: everywhere). Not a foreign key: retention may delete the lobby. */
    lobbyId: text('lobby_id'),
    reason: text('reason').notNull(),
    createdBy: text('created_by').notNull(),
    createdAt: text('created_at').notNull(),
    /** null: until lifted. */
    expiresAt: text('expires_at'),
    liftedAt: text('lifted_at'),
    liftedBy: text('lifted_by'),
  },
  (t) => [
    // What every node loads and checks: the sanctions not lifted (the expired ones are filtered by time).
    index('sanctions_active_idx').on(t.targetKind, t.target).where(sql`${t.liftedAt} IS NULL`),
    index('sanctions_created_idx').on(t.createdAt),
  ],
);

/** Players' reports about a person in their lobby, waiting in the console's queue until resolved. */
export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Not a foreign key: a report outlives the lobby's retention. */
    lobbyId: text('lobby_id').notNull(),
    seq: integer('seq').notNull(),
    reporterId: text('reporter_id').notNull(),
    reporterName: text('reporter_name').notNull(),
    /** The reporter's address as the limits key it. */
    reporterAddress: text('reporter_address').notNull(),
    targetId: text('target_id').notNull(),
    targetName: text('target_name').notNull(),
    reason: text('reason', { enum: ['abuse', 'cheating', 'spam', 'other'] }).notNull(),
    note: text('note').notNull().default(''),
    createdAt: text('created_at').notNull(),
    resolvedAt: text('resolved_at'),
    resolvedBy: text('resolved_by'),
    resolution: text('resolution', { enum: ['actioned', 'dismissed'] }),
  },
  (t) => [
    index('reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} IS NULL`),
    index('reports_lobby_idx').on(t.lobbyId),
    index('reports_reporter_idx').on(t.reporterId, t.createdAt),
  ],
);

/** Every admin action: who, what, on what, why, when. Only ever inserted into; the API never changes it. */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    at: text('at').notNull(),
    admin: text('admin').notNull(),
    action: text('action').notNull(),
    target: text('target').notNull(),
    reason: text('reason').notNull().default(''),
    /** JSON object. */
    detail: text('detail').notNull().default('{}'),
  },
  (t) => [index('admin_audit_admin_idx').on(t.admin, t.id)],
);
