/**
 * The online client (ARCHITECTURE §7.6, PROTOCOL §3–§5): transport, fold and session lifecycle, nothing more.
 * One per app (main.tsx makes it through `online-link.ts`; tests make their own). An event from the server
 * goes one file per layer, and this file is read top to bottom in that order:
 *
 * 1. `socket.ts` carries it (transport); `attach` hands each broadcast to `onBroadcast`.
 * 2. `onBroadcast` folds it once, with the protocol's `applyBroadcast`, into `held`: the fold of everything
 *    received (a seq gap or a reconnect asks `resync` for what was missed, PROTOCOL §5.2).
 * 3. `land` publishes the lobby view (`lobby-store.ts`) and, while the game runs, the same fold reaches the
 *    board's `OnlineSession` (`online-session.ts`, in the session store), which only paces what is shown.
 * 4. The screens read those two stores.
 *
 * What an event means for this person (out of the lobby, into one, the game on the board, a rematch offered,
 * a refusal) is reported as a `LobbyOutcome`; where it leads (navigation, toasts, dialogs) is decided by
 * `lobby-actions.ts`, which main.tsx hands the outcomes to. The plain requests are in `requests.ts`.
 */
import {
  isGameOver,
  type CloseReason,
  type CountryId,
  type LobbyEvent,
  type LobbyState,
  type QuickSeats,
  type TurnClock,
} from '@four-banners/engine';
import {
  LOGGED_BROADCAST_NAMES,
  type QuickSize,
  applyBroadcast,
  type HelloPayload,
  type ServerToClientEvents,
  type SyncAck,
} from '@four-banners/protocol';
import { BOT_PACE, settingsStore } from '../app/settings';
import { botSpeedOverride, closeSession, sessionStore } from '../game/session-store';
import { readSeatedLobby, saveIdentity, saveSeatedLobby } from './identity';
import { moderationNoticeFor } from '../game/moderation-words';
import { linkOf, lobbyStore, publishReceived, resetLobby, setSynced } from './lobby-store';
import { OnlineSession } from './online-session';
import { ACK_TIMEOUT_MS, OnlineRequests } from './requests';
import { STORAGE_RETRYING } from './unavailable';
import { foldSyncAnswer } from './resync';
import { serverClock } from './server-clock';
import { currentSocket, getSocket, type GameSocket } from './socket';

/** A resync the server refused as too frequent is asked again after this long. */
const RESYNC_RETRY_MS = 2_000;

const LOGGED_EVENTS = LOGGED_BROADCAST_NAMES;

/** Why this device is no longer in its online lobby (`lobby-actions.ts` puts it in words). */
export type LeftReason =
  /** It left, or its admin closed or took the lobby offline: nothing to explain. */
  | { readonly kind: 'left' }
  /** The admin removed this device's seat. */
  | { readonly kind: 'removed' }
  /** The lobby closed under it, for the server's `reason`. */
  | { readonly kind: 'closed'; readonly reason?: CloseReason }
  /** The server greeted this device under a new identity: the old one was not recognised. */
  | { readonly kind: 'not-recognised' }
  /** The server has this device seated nowhere (removed while away, or the lobby closed meanwhile). */
  | { readonly kind: 'not-seated' }
  /** A resync was refused (`not_found`, `not_in_lobby`): the server's message. */
  | { readonly kind: 'refused'; readonly message: string };

/** What the fold or a request meant for this device, reported to `OnlineClientOptions.onOutcome`. */
export type LobbyOutcome =
  /** The first sight of a lobby this device asked to create or join. */
  | { readonly kind: 'entered' }
  /** The lobby's game is on the board now; `started`: its start was among the events just folded. */
  | { readonly kind: 'game-shown'; readonly started: boolean }
  /** Out of the lobby (already back to an offline lobby); `home`: the person belongs on '/' now. */
  | { readonly kind: 'left'; readonly why: LeftReason; readonly home: boolean }
  /** A moderator closed the lobby or took this device's seat (PROTOCOL §4.9): out, and `notice` says why. */
  | { readonly kind: 'moderated'; readonly notice: string }
  /** The admin opened a rematch of this finished game (`admin`: their name, when known). */
  | { readonly kind: 'rematch-offered'; readonly admin: string | undefined }
  /** A request, an action or a resync was refused or went unanswered; nothing changed. */
  | { readonly kind: 'refused'; readonly message: string };

export interface OnlineClientOptions {
  /** Runs each time the client opens (or reuses) the socket: main.tsx fetches the lost-connection dialog's code then. */
  readonly onConnect?: () => void;
  /** Where each outcome goes: main.tsx hands them to `lobby-actions.ts` (`followOutcome`). */
  readonly onOutcome?: (outcome: LobbyOutcome) => void;
}

/** What this device holds of its online lobby: every event received, each folded once. */
interface Held {
  /** The fold of everything received. */
  state: LobbyState;
  /** The events received since the last full state. */
  readonly events: LobbyEvent[];
  /** That full state: what `events` continue from (null when they start at the lobby's first event). */
  readonly base: LobbyState | null;
}

/** The online client: one per app (tests make their own). */
export class OnlineClient extends OnlineRequests {
  /** The lobby this device is in, as received (null: in none). */
  private held: Held | null = null;
  /** The board's session of the lobby's game, made once the game runs; the session store shows it. */
  private game: OnlineSession | null = null;
  private playerId: string | null = null;
  private resyncing = false;
  private resyncAgain = false;
  /** The last resync was refused with `unavailable`: the person was told once, and is not told again each retry. */
  private storageAway = false;
  /** This device asked to create or join a lobby: its first sight of it is reported as `entered`. */
  private entering = false;

  constructor(private readonly options: OnlineClientOptions = {}) {
    super();
  }

  /** What this device holds of the online lobby: the fold of every event received so far. */
  private get latest(): LobbyState | null {
    return this.held?.state ?? null;
  }

  // ---- 1. transport: the socket and what it carries ------------------------------------------

  /** Opens the socket (once) with every listener attached. */
  override connect(): Promise<GameSocket> {
    this.options.onConnect?.();
    return getSocket((socket) => this.attach(socket));
  }

  /** Reconnects at start-up when a reload left this device seated in an online lobby. */
  resume(): void {
    if (readSeatedLobby()) void this.connect();
  }

  private attach(socket: GameSocket): void {
    socket.on('server-hello', (hello) => this.onHello(hello));
    for (const name of LOGGED_EVENTS) {
      // One listener shape for every logged event: `applyBroadcast` tells them apart by name.
      socket.on(name as 'server-game-action', (payload: unknown) => this.onBroadcast(name, payload as never));
    }
    socket.on('server-presence', ({ playerId: id, online }) => {
      lobbyStore.set((l) => ({ ...l, presence: { ...l.presence, [id]: online } }));
    });
    socket.on('server-watchers', ({ lobbyId, count }) => {
      if (this.latest?.lobbyId === lobbyId) lobbyStore.set((l) => ({ ...l, watchers: count }));
    });
    socket.on('server-rematch', ({ lobbyId, rematchId, by }) => {
      if (this.latest?.lobbyId === lobbyId) this.offerRematch(rematchId, by);
    });
  }

  /** The admin opened a rematch of this finished game: the game-over dialog offers to join it. */
  private offerRematch(rematchId: string, by: string): void {
    if (by === this.playerId || lobbyStore.get().rematch?.rematchId === rematchId) return;
    lobbyStore.set((l) => ({ ...l, rematch: { rematchId, by } }));
    this.tell({ kind: 'rematch-offered', admin: this.latest?.players.find((p) => p.id === by)?.name });
  }

  private onHello(hello: HelloPayload): void {
    saveIdentity(hello.playerId, hello.token);
    const changedIdentity = this.playerId !== null && this.playerId !== hello.playerId;
    this.playerId = hello.playerId;
    lobbyStore.set((l) => ({ ...l, playerId: hello.playerId }));
    if (hello.lobbyId === null) {
      setSynced(true);
      // Seated nowhere (removed while away, the lobby closed, or the identity was not recognised).
      if (this.latest !== null || readSeatedLobby())
        this.leftLobby({ kind: changedIdentity ? 'not-recognised' : 'not-seated' });
      return;
    }
    if (this.latest !== null && this.latest.lobbyId !== hello.lobbyId) this.dropLobby();
    void this.resync(hello.lobbyId).then(() => {
      if (hello.rematchId && this.latest?.lobbyId === hello.lobbyId) this.offerRematch(hello.rematchId, '');
    });
  }

  // ---- 2. fold: each event once, into `held` -------------------------------------------------

  private onBroadcast<E extends (typeof LOGGED_EVENTS)[number]>(
    name: E,
    payload: Parameters<ServerToClientEvents[E]>[0],
  ): void {
    // A live event's time against its arrival keeps the turn clock right on a skewed device (PROTOCOL §4.8).
    if (name !== 'server-sync-state' && 'at' in payload && typeof payload.at === 'string')
      serverClock.observe(payload.at, Date.now());
    const before = this.latest;
    // The socket also carries a lobby this device only watches: those broadcasts are the watcher's. (A
    // full sync without `event` is only ever sent to this device's own seat: it may bring a new lobby.)
    const lobbyId = 'lobbyId' in payload ? payload.lobbyId : payload.event ? payload.lobby.lobbyId : null;
    if (before !== null && lobbyId !== null && lobbyId !== before.lobbyId) return;
    // The one fold of this event.
    const result = applyBroadcast(before, name, payload);
    if (result.gap) {
      void this.resync(before?.lobbyId ?? null);
      return;
    }
    if (result.state === before || result.state === null) return;
    if (result.event === null) {
      // A full state (a join, or a sync): start over from it.
      this.hold(result.state, [], result.state);
    } else if (before !== null) {
      this.append(result.event, result.state);
    } else {
      // The very first event of a lobby this device created.
      this.hold(result.state, [result.event], before);
    }
    this.land(result.event ? [result.event] : [], before);
  }

  /**
   * Asks the server for what this device missed and folds it (PROTOCOL §5.2). When the answer
   * is folded completely the client is caught up (`synced`): after a reconnect that closes the
   * lost-connection dialog and lifts "Reconnecting…" from the board.
   */
  private async resync(lobbyId: string | null): Promise<void> {
    const id = lobbyId ?? this.latest?.lobbyId ?? null;
    if (id === null) {
      setSynced(true);
      return;
    }
    if (this.resyncing) {
      this.resyncAgain = true;
      return;
    }
    this.resyncing = true;
    try {
      const socket = await this.connect();
      const answer = (await socket.timeout(ACK_TIMEOUT_MS).emitWithAck('client-sync-state', {
        lobbyId: id,
        afterSeq: this.latest?.lobbyId === id ? this.latest.seq : 0,
      })) as SyncAck;
      if (!answer.ok) {
        if (answer.error.code === 'not_found' || answer.error.code === 'not_in_lobby')
          this.leftLobby({ kind: 'refused', message: answer.error.message });
        // The server paces resyncs: ask again a little later rather than stay behind.
        else if (answer.error.code === 'rate_limited') setTimeout(() => void this.resync(id), RESYNC_RETRY_MS);
        // Its storage is away for now (PROTOCOL §3.4): say so, and ask again when it says to.
        else if (answer.error.code === 'unavailable') {
          if (!this.storageAway) this.refused(STORAGE_RETRYING);
          this.storageAway = true;
          setTimeout(() => void this.resync(id), answer.error.retryAfterMs ?? RESYNC_RETRY_MS);
        } else this.refused(answer.error.message);
        return;
      }
      this.storageAway = false;
      const before = this.latest?.lobbyId === id ? this.latest : null;
      const caught = foldSyncAnswer(before, answer);
      if (!caught) {
        if (!this.resyncAgain) setSynced(true);
        return;
      }
      if (caught.replaced || before === null) {
        this.hold(caught.state, caught.events, caught.base);
        this.land([], before);
      } else {
        caught.events.forEach((event, i) => this.append(event, caught.states[i]!));
        this.land(caught.events, before);
      }
      if (!caught.complete) this.resyncAgain = true;
      else if (!this.resyncAgain && this.latest?.lobbyId === id) setSynced(true);
    } catch {
      this.refused('The server did not answer: trying again when the connection is back.');
      // Connected but unanswered: ask again rather than leave the board waiting (a drop resyncs on its own).
      if (currentSocket()?.connected) setTimeout(() => void this.resync(id), RESYNC_RETRY_MS);
    } finally {
      this.resyncing = false;
      if (this.resyncAgain) {
        this.resyncAgain = false;
        void this.resync(id);
      }
    }
  }

  /** A full state replaces what is held (`events` continue from `base`); a board showing the game starts over from it. */
  private hold(state: LobbyState, events: readonly LobbyEvent[], base: LobbyState | null): void {
    this.held = { state, events: [...events], base };
    this.game?.replace(state, events, base);
  }

  /** The next event, already folded to `after`: held, and handed to the board (which shows it at its pace). */
  private append(event: LobbyEvent, after: LobbyState): void {
    if (!this.held) return;
    this.held.state = after;
    this.held.events.push(event);
    this.game?.receive(event, after);
  }

  // ---- 3. lifecycle: what the fold means for this device -------------------------------------

  /** Publishes the lobby view from what is held and reports what the new events mean for this device. */
  private land(events: readonly LobbyEvent[], before: LobbyState | null): void {
    const held = this.held;
    if (!held) return;
    const state = held.state;
    const me = this.playerId;
    for (const e of events) {
      if (e.kind === 'player-left' && e.payload.playerId === me) {
        this.leftLobby({ kind: e.payload.by === me ? 'left' : 'removed' });
        return;
      }
      if (e.kind === 'lobby-updated' && e.payload.online === false) {
        const own = me === state.adminId && e.actor === me;
        this.leftLobby(own ? { kind: 'left' } : { kind: 'closed', reason: e.payload.reason }, false);
        return;
      }
      // A moderator closed the lobby or took this device's seat (PROTOCOL §4.9): out, and told why.
      const notice = e.kind === 'moderation' ? moderationNoticeFor(e.payload, me) : null;
      if (notice !== null) {
        this.dropLobby();
        this.tell({ kind: 'moderated', notice });
        return;
      }
    }
    if (!state.online) {
      this.leftLobby({ kind: 'closed' });
      return;
    }
    const firstSight = before === null || before.lobbyId !== state.lobbyId;
    saveSeatedLobby(state.lobbyId);
    publishReceived(state, events, me, firstSight, held.events);

    if (state.game.running && !this.gameShown()) {
      // The game starts (or a reload lands in one): its board shows what is held.
      this.showGame(held);
      const started = events.some((e) => e.kind === 'game-action' && e.payload.id === 'start');
      this.tell({ kind: 'game-shown', started });
    } else if (firstSight && this.entering) {
      this.tell({ kind: 'entered' });
    }
    if (firstSight) this.entering = false;
  }

  /** Whether the game screen shows this lobby's session. */
  private gameShown(): boolean {
    return this.game !== null && sessionStore.get() === this.game;
  }

  /** The game runs: a session of what is held becomes the game in progress. */
  private showGame(held: Held): void {
    const session: OnlineSession = new OnlineSession(
      held.state,
      held.events,
      {
        playerId: this.playerId ?? '',
        pace: () => BOT_PACE[botSpeedOverride() ?? settingsStore.get().botSpeed],
        send: (action) => this.emitRaw('client-game-action', action),
        // Nothing is sent while the connection is down or the board is not caught up (it would be lost or stale).
        live: () => linkOf(lobbyStore.get()) === 'live',
        onRefused: (message) => this.refused(message),
        // Every event reaches the session already folded, so this is a bug: ask the server for the truth.
        onBroken: () => {
          if (this.game === session) void this.resync(null);
        },
      },
      held.base,
    );
    this.game?.dispose();
    this.game = session;
    sessionStore.get()?.dispose();
    sessionStore.set(session);
  }

  /** Forgets the lobby (nothing reported): another lobby is coming, or the caller reports why. */
  private dropLobby(): void {
    const game = this.game;
    this.held = null;
    this.game = null;
    game?.dispose();
    saveSeatedLobby(null);
    if (sessionStore.get() instanceof OnlineSession) closeSession();
    resetLobby();
  }

  /** This device is out of the lobby (it left, was removed, or the lobby closed): back to an offline lobby. */
  private leftLobby(why: LeftReason, home = true): void {
    this.dropLobby();
    this.tell({ kind: 'left', why, home });
  }

  /** Hands `outcome` to whoever follows this client (main.tsx: lobby-actions.ts). */
  private tell(outcome: LobbyOutcome): void {
    this.options.onOutcome?.(outcome);
  }

  protected override refused(message: string): void {
    this.tell({ kind: 'refused', message });
  }

  // ---- requests that change which lobby this device is in ----------------------------------------

  /**
   * Creates a lobby with this device as its admin, seated on `options.country` at once (PROTOCOL §4.7);
   * `listed` puts it in the open lobbies, `clock` is its turn clock. The broadcasts bring it in.
   */
  async createLobby(playerName: string, options: CreateOptions = {}): Promise<boolean> {
    if (this.latest) this.dropLobby();
    this.entering = true;
    const ok = await this.request('client-create-lobby', { playerName, ...options });
    if (!ok) this.entering = false;
    return ok;
  }

  /** Joins the lobby `lobbyId`, on colour `country` in the same request when given. */
  async joinLobby(lobbyId: string, playerName: string, country?: CountryId): Promise<boolean> {
    if (this.latest && this.latest.lobbyId !== lobbyId.trim()) this.dropLobby();
    this.entering = true;
    const ok = await this.request('client-join-lobby', {
      lobbyId: lobbyId.trim(),
      playerName,
      ...(country !== undefined ? { country } : {}),
    });
    if (!ok) this.entering = false;
    return ok;
  }

  /**
   * Quick match (PROTOCOL §4.7): a seat in a waiting quick-match lobby that fits, or a new one. A finished
   * game this device still sits in is left first. The broadcasts bring the lobby in (the waiting view).
   */
  async quickMatch(playerName: string, seats: QuickSeats, size: QuickSize | null): Promise<boolean> {
    if (this.latest) {
      if (this.latest.game.running && !isOver(this.latest)) {
        this.refused('Leave the game you are in first.');
        return false;
      }
      await this.request('client-leave-lobby', { playerId: this.playerId ?? lobbyStore.get().playerId });
      this.dropLobby();
    }
    this.entering = true;
    const ok = await this.request('client-quick-match', { playerName, seats, size });
    if (!ok) this.entering = false;
    return ok;
  }

  /** Leaves the lobby (the quit-lobby dialog's Leave). The server's broadcast brings this device out. */
  async leaveLobby(): Promise<boolean> {
    const me = this.playerId ?? lobbyStore.get().playerId;
    if (!this.latest) {
      this.leftLobby({ kind: 'left' });
      return true;
    }
    const ok = await this.request('client-leave-lobby', { playerId: me });
    if (ok && this.latest) this.leftLobby({ kind: 'left' });
    return ok;
  }

  /**
   * Opens a rematch of this finished game (admin): a new lobby with the same map and seats; the others
   * are invited. The server's sync of the new lobby brings this device there.
   */
  async rematchOnline(): Promise<boolean> {
    const finished = this.latest?.lobbyId ?? null;
    if (this.latest) this.dropLobby();
    this.entering = true;
    const ok = await this.request('client-rematch', {});
    if (!ok) {
      this.entering = false;
      // Still seated in the finished game: show it again.
      void this.resync(finished);
    }
    return ok;
  }

  /** Joins the rematch this device was invited to, back on the colour it played (if still free). */
  async acceptRematch(playerName: string): Promise<boolean> {
    const offer = lobbyStore.get().rematch;
    const me = this.playerId;
    const formerCountry = this.latest?.players.find((p) => p.id === me)?.country;
    if (!offer) return false;
    if (!(await this.joinLobby(offer.rematchId, playerName))) return false;
    if (formerCountry !== undefined && formerCountry >= 0) await this.changeCountry(formerCountry);
    return true;
  }

  /** The folded online lobby (tests and the debug handle). */
  onlineState(): LobbyState | null {
    return this.latest;
  }
}

/** What a new lobby is made with (PROTOCOL §4.7). */
export interface CreateOptions {
  readonly country?: CountryId;
  readonly listed?: boolean;
  readonly clock?: TurnClock;
}

/** Whether the lobby's game has ended. */
function isOver(state: LobbyState): boolean {
  return isGameOver(state.game);
}
