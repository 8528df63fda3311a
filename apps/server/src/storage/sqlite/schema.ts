/** The SQLite schema (ARCHITECTURE §5.4). Only repositories touch these tables. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** One row per lobby: derived facts kept beside the log for listings (the log is the truth). */
export const lobbies = sqliteTable(
  'lobbies',
  {
    id: text('id').primaryKey(),
    createdAt: text('created_at').notNull(),
    adminId: text('admin_id').notNull(),
    status: text('status', { enum: ['open', 'running', 'finished', 'closed'] }).notNull(),
    rulesVersion: integer('rules_version').notNull(),
    lastSeq: integer('last_seq').notNull(),
    /** The winning country once the game is finished (null: none, or not finished). */
    winner: integer('winner'),
    /** The seats as JSON, for listings without folding. */
    players: text('players').notNull().default('[]'),
    updatedAt: text('updated_at').notNull(),
    /** When the game started (null: never started); lobbies closed before a start are deleted after a while. */
    startedAt: text('started_at'),
    /** The lobby its admin opened as a rematch of this finished game (null: none); not a foreign key, retention may delete it. */
    rematchId: text('rematch_id'),
    // The lobby's settings and free seats, for the open lobbies list and quick match (PROTOCOL §4.7, §8.7).
    /** Listed in the open lobbies (else invite only). */
    listed: integer('listed', { mode: 'boolean' }).notNull().default(false),
    /** The map's sides (null: a lobby from before these columns). */
    w: integer('w'),
    h: integer('h'),
    /** Seconds per turn, 0 for none. */
    clock: integer('clock').notNull().default(0),
    botLevel: text('bot_level').notNull().default('normal'),
    /** A quick-match lobby: the people it starts with (null: not quick). */
    quickSeats: integer('quick_seats'),
    /** Seats still free before the start (a quick match's own count, else the lobby's 4). */
    freeSeats: integer('free_seats').notNull().default(0),
  },
  (t) => [
    index('lobbies_status_idx').on(t.status, t.createdAt),
    // The retention sweep: closed, never started, idle since before a date. Partial, so the appends of
    // lobbies in play (which set updated_at every time) never touch it.
    index('lobbies_retention_idx').on(t.updatedAt).where(sql`${t.status} = 'closed' AND ${t.startedAt} IS NULL`),
    // The listings, newest first: every lobby (admin) and the started games (public), without a sort.
    index('lobbies_list_idx').on(t.createdAt, t.id),
    index('lobbies_started_list_idx').on(t.createdAt, t.id).where(sql`${t.startedAt} IS NOT NULL`),
    // The open lobbies list (newest first) and the quick-match search (oldest first): only waiting lobbies.
    index('lobbies_open_listed_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.status} = 'open' AND ${t.listed} AND ${t.freeSeats} > 0`),
    index('lobbies_quick_idx')
      .on(t.quickSeats, t.w, t.createdAt)
      .where(sql`${t.status} = 'open' AND ${t.quickSeats} IS NOT NULL AND ${t.freeSeats} > 0`),
  ],
);

/** The append-only log: seq contiguous from 1 per lobby; never updated, deleted only whole (retention). */
export const lobbyEvents = sqliteTable(
  'lobby_events',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id),
    seq: integer('seq').notNull(),
    kind: text('kind').notNull(),
    actor: text('actor').notNull(),
    payload: text('payload').notNull(),
    /** Set for game-action events only. */
    seed: integer('seed'),
    at: text('at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);

/** Identities that survive reconnects and restarts; `lobby_id` is the open lobby the player sits in. */
export const players = sqliteTable(
  'players',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull(),
    name: text('name').notNull().default(''),
    createdAt: text('created_at').notNull(),
    lobbyId: text('lobby_id').references(() => lobbies.id),
  },
  (t) => [
    // Deleting a lobby checks that no player points at it (foreign keys are on): without this, a scan of all.
    index('players_lobby_idx').on(t.lobbyId).where(sql`lobby_id IS NOT NULL`),
    // The retention sweep: identities that never sat anywhere (no name, no seat), oldest first.
    index('players_unseated_idx').on(t.createdAt, t.id).where(sql`name = '' AND lobby_id IS NULL`),
  ],
);

/** Folded states every K events, so long logs restore and answer "state at seq" quickly. */
export const lobbySnapshots = sqliteTable(
  'lobby_snapshots',
  {
    lobbyId: text('lobby_id')
      .notNull()
      .references(() => lobbies.id),
    seq: integer('seq').notNull(),
    state: text('state').notNull(),
    createdAt: text('created_at').notNull().default(sql`(strftime('%Y-%m-%dT%H:%M:%fZ','now'))`),
  },
  (t) => [primaryKey({ columns: [t.lobbyId, t.seq] })],
);

// ---- moderation (PROTOCOL §4.9, OPERATIONS §11) ----

/** Chat messages a moderator removed: served blank from then on (the log itself is never rewritten). */
export const chatRemovals = sqliteTable(
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
export const sanctions = sqliteTable(
  'sanctions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
export const reports = sqliteTable(
  'reports',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
export const adminAudit = sqliteTable(
  'admin_audit',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
