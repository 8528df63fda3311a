/**
 * The lobbies' authority for everything but the game itself (that is `GameService`): create, join,
 * leave, settings, colours, bots, hot-seat seats, chat and rematch. Each request is one method that
 * reads in one order (ARCHITECTURE §5.2) — identify → seat → checks → a `Draft` of events → `LobbyStore.commit` (append in a
 * transaction → update memory → broadcast).
 */
import { Inject, Injectable, type OnModuleInit } from '@nestjs/common';
import {
  BOT_NAMES,
  COUNTRY,
  RULES_VERSION,
  SERVER_ACTOR,
  actable,
  isGameOver,
  type CountryId,
  type Difficulty,
  type GameAction,
  type LobbyState,
  type Player,
  type QuickMatch,
  type TurnClock,
} from '@four-banners/engine';
import {
  LIMITS,
  addBotSchema,
  addLocalSchema,
  changeCountrySchema,
  createLobbySchema,
  joinLobbySchema,
  leaveLobbySchema,
  lobbyUpdateSchema,
  type Ack,
  type AckError,
} from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { MetricsService } from '../../common/metrics.service.js';
import { LimitsService, REFUSAL_MESSAGES } from '../../limits/limits.service.js';
import { snapshotOf } from '@four-banners/protocol';
import { newLobbyId, newSeatId, newSeed } from '../../common/ids.js';
import { LobbyHub } from '../core/lobby.hub.js';
import { WatcherRegistry } from '../core/watchers.js';
import { LobbyLogRepository } from '../../storage/lobby-log.repository.js';
import { AppendConflict } from '../../storage/lobby-log.repository.js';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { Draft, LobbyStore, freeSeats, requestKey } from '../core/lobby.store.js';
import { fillAndStart, firstFreeColour, quickFull } from './quick-seating.js';
import { done, fail, notBeforeStart, overPreStartBudget } from '../core/requests.js';
import { SanctionsService } from '../moderation/sanctions.service.js';

type In<S extends z.ZodType> = z.output<S>;

/** What a new lobby starts with: its admin's name and colour, the map size and the other seats. */
interface LobbySetup {
  readonly name: string;
  readonly w: number;
  readonly h: number;
  readonly country: CountryId;
  readonly seats: readonly Player[];
  /** Settings logged in `lobby-created` (PROTOCOL §4.7): only those that differ from `DEFAULT_SETTINGS`. */
  readonly settings?: { readonly listed?: true; readonly clock?: TurnClock; readonly quick?: QuickMatch };
}

@Injectable()
export class LobbyService implements OnModuleInit {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(WatcherRegistry) private readonly watchers: WatcherRegistry,
    @Inject(LimitsService) private readonly limits: LimitsService,
    @Inject(MetricsService) private readonly metrics: MetricsService,
    @Inject(SanctionsService) private readonly sanctions: SanctionsService,
  ) {}

  async onModuleInit(): Promise<void> {
    // Open and running lobbies come back at start, so the idle sweep sees them (and their bots wait for
    // a person); finished ones (replays) are restored on first use.
    for (const row of await this.log.listLobbies({ statuses: ['open', 'running'], limit: -1, offset: 0 }))
      await this.cache.getLobby(row.id);
  }

  /**
   * Brings this node's copies of the player's lobby and of `lobbyId` up to the log (several nodes: another
   * node may have committed what this one has not heard of yet).
   */
  async catchUp(playerId: string, lobbyId?: string): Promise<void> {
    const seat = await this.cache.seatIdOf(playerId);
    for (const id of new Set([seat, lobbyId])) if (id && this.cache.cached(id)) await this.store.sync(id);
  }

  /**
   * The seq that the player's request `requestId` committed in the lobby they sit in, if its first try
   * landed (its answer lost: PROTOCOL §3.5), with this node's copy of the lobby brought up to it; else null.
   */
  async landed(playerId: string, requestId: string): Promise<number | null> {
    const seat = await this.cache.seatIdOf(playerId);
    if (seat === null) return null;
    const seq = await this.log.requestSeq(seat, requestKey(playerId, requestId)!);
    if (seq !== null && (this.store.heldSeq(seat) ?? seq) < seq) await this.store.sync(seat);
    return seq;
  }

  // ---- reading ----

  /** The lobby that holds the player's seat for create/join: a finished game is left first (a replay now). */
  async currentSeat(playerId: string): Promise<LobbyState | undefined> {
    const state = await this.cache.seatOf(playerId);
    if (state && isGameOver(state.game)) {
      await this.leaveLobby(playerId, { playerId });
      return this.cache.seatOf(playerId);
    }
    return state;
  }

  // ---- lobby requests ----

  async createLobby(caller: string, p: In<typeof createLobbySchema>): Promise<Ack> {
    if (await this.currentSeat(caller)) return fail('not_actable', 'You are already in a lobby: leave it first.');
    // A listed lobby has a turn clock unless asked otherwise (PROTOCOL §4.7); defaults are not logged.
    const listed = p.listed ?? false;
    const clock = p.clock ?? (listed ? 60 : 0);
    const settings = { ...(listed ? { listed: true as const } : {}), ...(clock !== 0 ? { clock } : {}) };
    return this.openLobby(caller, {
      name: p.playerName,
      w: 10,
      h: 10,
      country: p.country ?? COUNTRY.none,
      seats: [],
      settings,
    });
  }

  /**
   * The admin of a finished online game opens its rematch: a lobby like the one `client-create-lobby`
   * makes, with the same map size, a fresh seed, the admin on their colour and the same bots and hot-seat
   * players; the admin leaves the finished game, whose people are told (`server-rematch`).
   */
  rematch(caller: string): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.adminId !== caller) return fail('not_admin', 'Only the lobby admin opens a rematch.');
      if (!isGameOver(state.game)) return fail('not_actable', 'The game is not over yet.');
      if ((await this.log.rematchOf(state.lobbyId)) !== null) return fail('not_actable', 'A rematch is already open.');
      const admin = state.players.find((s) => s.id === caller)!;
      const seats: Player[] = [];
      for (const seat of state.players) {
        if (seat.bot)
          seats.push({ id: newSeatId('bot'), name: seat.name, country: seat.country, bot: { ...seat.bot } });
        else if (seat.local?.ownerId === caller)
          seats.push({ id: newSeatId('local'), name: seat.name, country: seat.country, local: { ownerId: caller } });
      }
      return this.openLobby(caller, { name: admin.name, w: state.w, h: state.h, country: admin.country, seats }, state);
    });
  }

  /**
   * Makes a lobby with `caller` as its admin (and, for a rematch, first takes them out of the finished
   * game `rematchOf`, whose lock the caller holds), then sends them its state. Counted against the hourly
   * allowance only when a lobby is really made, so refused attempts cost nothing of it.
   */
  private async openLobby(caller: string, setup: LobbySetup, rematchOf?: LobbyState): Promise<Ack> {
    if (!(await this.limits.allowPlayer('lobbies_created', caller)))
      return fail('rate_limited', REFUSAL_MESSAGES.lobbies_created);
    if (setup.settings?.listed && !(await this.limits.allowPlayer('listed_lobbies', caller)))
      return fail('rate_limited', REFUSAL_MESSAGES.listed_lobbies);
    // The finished game stays open until its rematch is announced, so its room and watchers (on every node)
    // hear of it even when the admin was the last person in it; then it closes.
    if (rematchOf) await this.leave(rematchOf, caller, { playerId: caller }, true);
    try {
      return await this.makeLobbyWithFreshId(caller, setup, rematchOf);
    } finally {
      if (rematchOf) await this.closeIfEmpty(rematchOf.lobbyId);
    }
  }

  /** `makeLobby`, with another id when another node took the same new id at the same moment. */
  private async makeLobbyWithFreshId(caller: string, setup: LobbySetup, rematchOf?: LobbyState): Promise<Ack> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.makeLobby(caller, setup, rematchOf);
      } catch (e) {
        if (!(e instanceof AppendConflict) || attempt >= 3) throw e;
      }
    }
  }

  /**
   * Opens a quick-match lobby (PROTOCOL §4.7) with `caller` on green: listed, a 60 s clock, `size` × `size`.
   * It counts against the caller's listed lobbies, not against the lobbies they created.
   */
  async openQuickLobby(caller: string, name: string, size: number, quick: QuickMatch): Promise<Ack> {
    if (!(await this.limits.allowPlayer('listed_lobbies', caller)))
      return fail('rate_limited', REFUSAL_MESSAGES.listed_lobbies);
    const setup = {
      name,
      w: size,
      h: size,
      country: COUNTRY.green,
      seats: [],
      settings: { listed: true, clock: 60, quick },
    } as const;
    return this.makeLobbyWithFreshId(caller, setup);
  }

  /** Closes the lobby (whose lock the caller holds) if nobody is seated in it any more. */
  private async closeIfEmpty(lobbyId: string): Promise<void> {
    const state = this.cache.cached(lobbyId);
    if (!state?.online || state.players.some(isHuman)) return;
    const draft = new Draft(state, new Date().toISOString());
    draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { online: false } });
    await this.store.commit(draft, {});
  }

  private async makeLobby(caller: string, setup: LobbySetup, rematchOf?: LobbyState): Promise<Ack> {
    let lobbyId = newLobbyId();
    while (await this.log.getLobby(lobbyId)) lobbyId = newLobbyId();
    const draft = new Draft(null, new Date().toISOString());
    draft.add({
      kind: 'lobby-created',
      actor: caller,
      seed: null,
      payload: {
        lobbyId,
        adminId: caller,
        w: setup.w,
        h: setup.h,
        seed: newSeed(),
        rulesVersion: RULES_VERSION,
        ...setup.settings,
      },
    });
    draft.add({
      kind: 'player-joined',
      actor: caller,
      seed: null,
      payload: { player: { id: caller, name: setup.name, country: setup.country } },
    });
    for (const player of setup.seats)
      draft.add({ kind: 'player-joined', actor: caller, seed: null, payload: { player } });
    const seq = await this.store.commit(draft, {
      created: true,
      seats: [[caller, lobbyId]],
      names: [[caller, setup.name]],
      enter: [caller],
      ...(rematchOf ? { rematchOf: rematchOf.lobbyId } : {}),
    });
    this.hub.toPlayer(caller, { name: 'server-sync-state', payload: snapshotOf(draft.current) });
    if (rematchOf) {
      const from = rematchOf.lobbyId;
      this.hub.toLobbyEverywhere(from, {
        name: 'server-rematch',
        payload: { lobbyId: from, rematchId: lobbyId, by: caller },
      });
    }
    return done(seq);
  }

  async joinLobby(caller: string, p: In<typeof joinLobbySchema>): Promise<Ack> {
    const target = await this.cache.getLobby(p.lobbyId);
    if (!target) return fail('not_found', `There is no open lobby ${p.lobbyId}.`);
    // A finished game elsewhere is left first, in its own lock (never two lobbies' locks at once).
    if (!target.players.some((s) => s.id === caller)) await this.currentSeat(caller);
    return this.store.inLobby(p.lobbyId, (state) => this.join(caller, p, state));
  }

  private async join(caller: string, p: In<typeof joinLobbySchema>, state: LobbyState | undefined): Promise<Ack> {
    if (!state) return fail('not_found', `There is no open lobby ${p.lobbyId}.`);
    const current = state.players.some((s) => s.id === caller) ? state : await this.cache.seatOf(caller);
    if (current?.lobbyId === state.lobbyId) {
      this.hub.joinRoom(caller, state.lobbyId);
      this.hub.toPlayer(caller, { name: 'server-sync-state', payload: snapshotOf(state) });
      this.tellWatchers(caller, state.lobbyId);
      return done();
    }
    if (current) return fail('not_actable', 'You are already in another lobby: leave it first.');
    if (state.players.length >= LIMITS.playersPerLobby || (state.settings.quick && freeSeats(state) === 0))
      return fail('lobby_full', 'This lobby is full.');
    // In a quick match everybody plays: no colour asked, the first free one.
    const country = p.country ?? (state.settings.quick ? firstFreeColour(state) : undefined) ?? COUNTRY.none;
    const refusal = notBeforeStart(state, this.config, this.limits) ?? this.colourRefusal(state, country);
    if (refusal) return refusal;
    const draft = new Draft(state, new Date().toISOString());
    draft.add({
      kind: 'player-joined',
      actor: caller,
      seed: null,
      payload: { player: { id: caller, name: p.playerName, country } },
    });
    // A quick match starts with the join that fills it (PROTOCOL §4.7).
    const starts = quickFull(draft.current);
    if (starts && !fillAndStart(draft)) return fail('not_actable', 'The game cannot start.');
    const seq = await this.store.commit(draft, {
      seats: [[caller, state.lobbyId]],
      names: [[caller, p.playerName]],
      enter: [caller],
    });
    if (starts) this.metrics.quickMatchStarted('full');
    this.hub.toPlayer(caller, { name: 'server-sync-state', payload: snapshotOf(draft.current) });
    this.hub.tellPresence(
      caller,
      draft.current.players.filter((seat) => isHuman(seat) && seat.id !== caller).map((seat) => seat.id),
    );
    this.tellWatchers(caller, state.lobbyId);
    return done(seq);
  }

  /** A player arriving in a lobby learns how many watch it (later changes are announced to the lobby). */
  private tellWatchers(playerId: string, lobbyId: string): void {
    this.watchers.tellWatchers(lobbyId, (notice) => this.hub.toPlayer(playerId, notice));
  }

  leaveLobby(caller: string, p: In<typeof leaveLobbySchema>): Promise<Ack> {
    return this.store.inSeat(caller, (state) => this.leave(state, caller, p));
  }

  /** `leaveLobby` on the caller's lobby, whose lock is held (`keepOpen`: even when nobody is left in it). */
  private async leave(
    state: LobbyState | undefined,
    caller: string,
    p: In<typeof leaveLobbySchema>,
    keepOpen = false,
  ): Promise<Ack> {
    if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
    const target = state.players.find((s) => s.id === p.playerId);
    const own = target !== undefined && (target.id === caller || target.local?.ownerId === caller);
    if (!own && state.adminId !== caller) return fail('not_admin', 'Only the lobby admin removes other players.');
    if (!target) return fail('not_actable', 'That player is not in your lobby.');

    const draft = new Draft(state, new Date().toISOString());
    // A person leaves with their hot-seat players.
    const leaving = [target, ...(isHuman(target) ? state.players.filter((s) => s.local?.ownerId === target.id) : [])];
    for (const seat of leaving) {
      draft.add({ kind: 'player-left', actor: caller, seed: null, payload: { playerId: seat.id, by: caller } });
      const game = draft.current.game;
      const country = seat.country;
      if (!game.running || country === COUNTRY.none) continue;
      const action: GameAction = { id: 'remove_country', info: { country } };
      if (actable(game, action).ok)
        draft.add({ kind: 'game-action', actor: SERVER_ACTOR, seed: newSeed(), payload: action });
    }
    const humans = draft.current.players.filter(isHuman);
    if (humans.length === 0) {
      if (!keepOpen) draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { online: false } });
    } else if (!humans.some((h) => h.id === draft.current.adminId)) {
      // The next person present (PROTOCOL §4.8: not away), else the next seated.
      const next = humans.find((h) => h.away === undefined) ?? humans[0]!;
      draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { adminId: next.id } });
    }
    const departed = leaving.filter(isHuman).map((s) => s.id);
    const seq = await this.store.commit(draft, { seats: departed.map((id) => [id, null] as const), exit: departed });
    return done(seq);
  }

  updateLobby(caller: string, p: In<typeof lobbyUpdateSchema>): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.adminId !== caller) return fail('not_admin', 'Only the lobby admin changes the lobby.');
      const draft = new Draft(state, new Date().toISOString());
      if (p.online === false) {
        draft.add({ kind: 'lobby-updated', actor: caller, seed: null, payload: { online: false } });
        const humans = state.players.filter(isHuman).map((s) => s.id);
        return done(await this.store.commit(draft, { seats: humans.map((id) => [id, null] as const), exit: humans }));
      }
      const change: {
        w?: number;
        h?: number;
        seed?: number;
        listed?: boolean;
        clock?: TurnClock;
        botLevel?: Difficulty;
      } = {};
      if (p.w !== undefined) change.w = p.w;
      if (p.h !== undefined) change.h = p.h;
      if (p.seed !== undefined) change.seed = p.seed;
      // The settings (PROTOCOL §4.7) are logged as sent.
      if (p.listed !== undefined) change.listed = p.listed;
      if (p.clock !== undefined) change.clock = p.clock;
      if (p.botLevel !== undefined) change.botLevel = p.botLevel;
      if (Object.keys(change).length === 0) return done();
      const refusal = notBeforeStart(state, this.config, this.limits);
      if (refusal) return refusal;
      if (change.listed && !state.settings.listed && !(await this.limits.allowPlayer('listed_lobbies', caller)))
        return fail('rate_limited', REFUSAL_MESSAGES.listed_lobbies);
      draft.add({ kind: 'lobby-updated', actor: caller, seed: null, payload: change });
      return done(await this.store.commit(draft, {}));
    });
  }

  changeCountry(caller: string, p: In<typeof changeCountrySchema>): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      const target = state.players.find((s) => s.id === (p.playerId ?? caller));
      if (!target) {
        return state.adminId === caller
          ? fail('not_actable', 'That player is not in your lobby.')
          : fail('unauthorized', 'You do not control that seat.');
      }
      if (target.bot) {
        if (state.adminId !== caller) return fail('not_admin', "Only the lobby admin changes a bot's country.");
      } else if (target.id !== caller && target.local?.ownerId !== caller) {
        return fail('unauthorized', "You cannot change another player's country.");
      }
      const refusal = notBeforeStart(state, this.config, this.limits);
      if (refusal) return refusal;
      if (target.country === p.country) return done();
      const colourRefusal = this.colourRefusal(state, p.country);
      if (colourRefusal) return colourRefusal;
      const draft = new Draft(state, new Date().toISOString());
      draft.add({
        kind: 'country-changed',
        actor: caller,
        seed: null,
        payload: { playerId: target.id, country: p.country },
      });
      return done(await this.store.commit(draft, {}));
    });
  }

  addBot(caller: string, p: In<typeof addBotSchema>): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.players.length >= LIMITS.playersPerLobby) return fail('lobby_full', 'This lobby is full.');
      if (state.adminId !== caller) return fail('not_admin', 'Only the lobby admin adds bots.');
      const refusal = notBeforeStart(state, this.config, this.limits) ?? this.colourRefusal(state, p.country);
      if (refusal) return refusal;
      const player: Player = {
        id: newSeatId('bot'),
        name: BOT_NAMES[p.difficulty],
        country: p.country,
        bot: { difficulty: p.difficulty },
      };
      const draft = new Draft(state, new Date().toISOString());
      draft.add({ kind: 'player-joined', actor: caller, seed: null, payload: { player } });
      return done(await this.store.commit(draft, {}));
    });
  }

  addLocal(caller: string, p: In<typeof addLocalSchema>): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.players.length >= LIMITS.playersPerLobby) return fail('lobby_full', 'This lobby is full.');
      const refusal = notBeforeStart(state, this.config, this.limits) ?? this.colourRefusal(state, p.country);
      if (refusal) return refusal;
      const player: Player = { id: newSeatId('local'), name: p.name, country: p.country, local: { ownerId: caller } };
      const draft = new Draft(state, new Date().toISOString());
      draft.add({ kind: 'player-joined', actor: caller, seed: null, payload: { player } });
      return done(await this.store.commit(draft, {}));
    });
  }

  /** A chat line; `requestId` (PROTOCOL §3.5) keeps one sent again after a lost answer from landing twice. */
  chat(caller: string, message: string, requestId?: string): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      // A moderator's mute (PROTOCOL §4.9), checked against the time now.
      const muted = this.sanctions.muteMessage(caller, state.lobbyId);
      if (muted) {
        this.metrics.mutedChat();
        return fail('muted', muted);
      }
      const budget = overPreStartBudget(state, this.config, this.limits);
      if (budget) return budget;
      // A lobby's chat is part of its state (and of every full sync): it stays bounded.
      if (state.messages.length >= this.config.lobbyChatMax) {
        this.limits.refused('lobby_chat_full');
        return fail('rate_limited', `${REFUSAL_MESSAGES.lobby_chat_full} (${this.config.lobbyChatMax} messages)`);
      }
      const draft = new Draft(state, new Date().toISOString());
      draft.add({ kind: 'chat', actor: caller, seed: null, payload: { playerId: caller, msg: message } });
      const request = requestKey(caller, requestId);
      return done(await this.store.commit(draft, request === undefined ? {} : { request }));
    });
  }

  // ---- checks shared by requests ----

  private colourRefusal(state: LobbyState, country: CountryId): AckError | undefined {
    if (country === COUNTRY.none) return undefined;
    if (state.players.some((s) => s.country === country)) return fail('not_actable', 'That colour is taken.');
    if (state.loaded && !state.game.countries.some((c) => c.id === country)) {
      return fail('not_actable', 'That colour is not in the loaded game.');
    }
    return undefined;
  }
}
