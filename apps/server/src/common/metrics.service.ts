/**
 * Prometheus metrics (`GET /api/metrics`): what an operator watches and alerts on. One registry per app
 * (tests boot several servers in one process), the process defaults (RSS, event-loop lag, GC) plus the
 * game's own: connections, open lobbies, appended events, acknowledgements by code, refusals by limit,
 * dropped connections, bot turns, append latency and the WAL's size.
 */
import { Injectable } from '@nestjs/common';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/**
 * The limits that refuse a request or a connection, as the `limit` label: with `rate_limited`, but for
 * `watchers_per_lobby`, which refuses with `lobby_full`.
 */
export type LimitName =
  | 'chat'
  | 'actions'
  | 'lobby'
  | 'saves'
  | 'lobbies_created'
  | 'sync'
  | 'sync_per_address'
  | 'watch'
  | 'watchers_per_lobby'
  | 'lobby_events'
  | 'sockets_per_player'
  | 'connections_per_address'
  | 'connects_per_address'
  | 'new_identities_per_address'
  | 'invalid_frames'
  | 'http'
  | 'lobby_chat_full'
  | 'listed_lobbies'
  | 'quick_match'
  | 'quick_match_per_address'
  | 'open_lobbies'
  | 'reports'
  | 'reports_per_address'
  | 'admin_failures';

/** The background jobs that retry after a failure (ARCHITECTURE §5.10), as the `job` label. */
export type RetriedJob = 'bot_turn' | 'turn_clock' | 'quick_start';

/** Why a request was refused with `unavailable`, as the `cause` label. */
export type UnavailableCause = 'storage' | 'stopping' | 'busy';

/** Why the server dropped a connection, as the `reason` label. */
export type DropReason = 'invalid_frames' | 'slow_reader';

@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  private readonly events = new Counter({
    name: 'fb_events_appended_total',
    help: 'Lobby log events appended, by kind.',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly acks = new Counter({
    name: 'fb_acks_total',
    help: 'Socket acknowledgements sent, by client event and code (ok for success).',
    labelNames: ['event', 'code'] as const,
    registers: [this.registry],
  });
  private readonly refusals = new Counter({
    name: 'fb_rate_limited_total',
    help: 'Requests and connections refused by a limit, by limit.',
    labelNames: ['limit'] as const,
    registers: [this.registry],
  });
  private readonly drops = new Counter({
    name: 'fb_connections_dropped_total',
    help: 'Connections the server closed itself, by reason.',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly botTurns = new Counter({
    name: 'fb_bot_turns_total',
    help: 'Bot turns played on the server.',
    registers: [this.registry],
  });
  private readonly botThinking = new Histogram({
    name: 'fb_bot_think_seconds',
    help: "Time a bot took to choose its turn, by difficulty (the expert's is bounded by BOT_SEARCH_MS).",
    labelNames: ['difficulty'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
    registers: [this.registry],
  });
  private readonly botSearchNodes = new Counter({
    name: 'fb_bot_search_nodes_total',
    help: "Positions valued by expert bots' searches (at most BOT_SEARCH_NODES a turn).",
    registers: [this.registry],
  });
  private readonly botSearchesCut = new Counter({
    name: 'fb_bot_searches_cut_total',
    help: 'Expert turns whose search the node budget or the time cap stopped before it ran out of gains.',
    registers: [this.registry],
  });
  private readonly timeouts = new Counter({
    name: 'fb_turn_timeouts_total',
    help: 'Turns passed by the server because their clock ran out.',
    registers: [this.registry],
  });
  private readonly away = new Counter({
    name: 'fb_players_away_total',
    help: 'People marked away, by reason (absent: offline through the grace period on their turn; timeouts: two clocks run out in a row).',
    labelNames: ['reason'] as const,
    registers: [this.registry],
  });
  private readonly back = new Counter({
    name: 'fb_players_back_total',
    help: 'Away people back (they reconnected or asked).',
    registers: [this.registry],
  });
  private readonly takeovers = new Counter({
    name: 'fb_takeover_turns_total',
    help: 'Turns a bot played for an away person.',
    registers: [this.registry],
  });
  private readonly gamesCapped = new Counter({
    name: 'fb_games_turn_capped_total',
    help: 'Games ended because they reached the turn cap.',
    registers: [this.registry],
  });
  private readonly conflicts = new Counter({
    name: 'fb_append_conflicts_total',
    help: 'Appends refused because another writer (another node) appended at that seq first; the request was checked again.',
    registers: [this.registry],
  });
  private readonly follows = new Counter({
    name: 'fb_follows_total',
    help: "Catch-ups on other nodes' commits or a log's tail, by where the events came from: notice (Redis) or database.",
    labelNames: ['source'] as const,
    registers: [this.registry],
  });
  private readonly appendSeconds = new Histogram({
    name: 'fb_append_seconds',
    help: 'Time to append one request’s events in its transaction.',
    buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1],
    registers: [this.registry],
  });

  private readonly quickMatches = new Counter({
    name: 'fb_quick_matches_started_total',
    help: 'Quick-match games started, by how: full (every seat a person) or bots (empty seats filled with bots).',
    labelNames: ['how'] as const,
    registers: [this.registry],
  });
  private readonly timeToMatch = new Histogram({
    name: 'fb_quick_match_seconds',
    help: "From a person's quick match request to the start of their game (on the node that took the request).",
    buckets: [0.1, 0.5, 1, 2.5, 5, 10, 20, 30, 45, 60, 90, 120, 300],
    registers: [this.registry],
  });
  private readonly listings = new Counter({
    name: 'fb_open_lobby_listings_total',
    help: 'Open lobbies list requests answered (GET /api/lobbies).',
    registers: [this.registry],
  });

  private readonly moderationActions = new Counter({
    name: 'fb_moderation_actions_total',
    help: 'Moderation actions operators took (PROTOCOL §4.9), by action: close, remove-seat, remove-chat, mute, ban, lift, resolve.',
    labelNames: ['action'] as const,
    registers: [this.registry],
  });
  private readonly reportsStored = new Counter({
    name: 'fb_reports_total',
    help: "Players' reports stored (a duplicate of an open report is not counted).",
    registers: [this.registry],
  });
  private readonly reportsWaitingGauge = new Gauge({
    name: 'fb_reports_waiting',
    help: 'Reports not resolved yet (over every node; read with the sanctions).',
    registers: [this.registry],
  });
  private readonly sanctionsActiveGauge = new Gauge({
    name: 'fb_sanctions_active',
    help: 'Mutes and bans in force, by kind (as this node last loaded them).',
    labelNames: ['kind'] as const,
    registers: [this.registry],
  });
  private readonly bannedConnections = new Counter({
    name: 'fb_banned_connections_total',
    help: 'Socket connections refused or dropped because of a ban.',
    registers: [this.registry],
  });
  private readonly mutedChats = new Counter({
    name: 'fb_muted_chats_total',
    help: 'Chat messages refused with muted.',
    registers: [this.registry],
  });
  private readonly jobFailures = new Counter({
    name: 'fb_job_failures_total',
    help: 'Background jobs (bot turns, turn clock decisions, quick-match starts) that failed, by job.',
    labelNames: ['job'],
    registers: [this.registry],
  });
  private readonly jobRetries = new Counter({
    name: 'fb_job_retries_total',
    help: 'Background jobs tried again after a failure, by job.',
    labelNames: ['job'],
    registers: [this.registry],
  });
  private readonly unavailableRefusals = new Counter({
    name: 'fb_unavailable_total',
    help: 'Requests refused with unavailable (storage away, or the server stopping), by cause.',
    labelNames: ['cause'],
    registers: [this.registry],
  });

  constructor() {
    collectDefaultMetrics({ register: this.registry });
  }

  /** A gauge read when scraped (connections, open lobbies, WAL bytes…). */
  gauge(name: string, help: string, read: () => number): void {
    new Gauge({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.set(read());
      },
    });
  }

  /** A counter whose total is kept elsewhere, read when scraped (e.g. the WAL's forced checkpoints). */
  counterFrom(name: string, help: string, read: () => number): void {
    new Counter({
      name,
      help,
      registers: [this.registry],
      collect() {
        this.reset();
        this.inc(read());
      },
    });
  }

  appended(kind: string, count = 1): void {
    this.events.inc({ kind }, count);
  }

  acked(event: string, code: string): void {
    this.acks.inc({ event, code });
  }

  rateLimited(limit: LimitName): void {
    this.refusals.inc({ limit });
  }

  dropped(reason: DropReason): void {
    this.drops.inc({ reason });
  }

  botTurn(): void {
    this.botTurns.inc();
  }

  /** A bot chose its turn in `seconds`, valuing `nodes` positions; `complete` false: its budget stopped it. */
  botThought(difficulty: string, seconds: number, nodes: number, complete: boolean): void {
    this.botThinking.observe({ difficulty }, seconds);
    if (nodes > 0) this.botSearchNodes.inc(nodes);
    if (!complete) this.botSearchesCut.inc();
  }

  turnTimeout(): void {
    this.timeouts.inc();
  }

  playerAway(reason: 'absent' | 'timeouts'): void {
    this.away.inc({ reason });
  }

  playerBack(): void {
    this.back.inc();
  }

  takeoverTurn(): void {
    this.takeovers.inc();
  }

  turnCapped(): void {
    this.gamesCapped.inc();
  }

  followed(source: 'notice' | 'database'): void {
    this.follows.inc({ source });
  }

  appendConflict(): void {
    this.conflicts.inc();
  }

  quickMatchStarted(how: 'full' | 'bots'): void {
    this.quickMatches.inc({ how });
  }

  /** One person's wait from their quick match request to their game's start. */
  quickMatched(seconds: number): void {
    this.timeToMatch.observe(seconds);
  }

  openLobbiesListed(): void {
    this.listings.inc();
  }

  moderated(action: string): void {
    this.moderationActions.inc({ action });
  }

  reported(): void {
    this.reportsStored.inc();
  }

  /** What the sanctions service last loaded: sanctions in force by kind, and reports waiting. */
  moderationLoaded(mutes: number, bans: number, reportsWaiting: number): void {
    this.sanctionsActiveGauge.set({ kind: 'mute' }, mutes);
    this.sanctionsActiveGauge.set({ kind: 'ban' }, bans);
    this.reportsWaitingGauge.set(reportsWaiting);
  }

  bannedConnection(): void {
    this.bannedConnections.inc();
  }

  mutedChat(): void {
    this.mutedChats.inc();
  }

  jobFailed(job: RetriedJob): void {
    this.jobFailures.inc({ job });
  }

  jobRetried(job: RetriedJob): void {
    this.jobRetries.inc({ job });
  }

  refusedUnavailable(cause: UnavailableCause): void {
    this.unavailableRefusals.inc({ cause });
  }

  /** Times `fn` as one append. */
  async timeAppend<T>(fn: () => Promise<T>): Promise<T> {
    const end = this.appendSeconds.startTimer();
    try {
      return await fn();
    } finally {
      end();
    }
  }

  /** The exposition text and its content type. */
  async render(): Promise<{ contentType: string; body: string }> {
    return { contentType: this.registry.contentType, body: await this.registry.metrics() };
  }
}
