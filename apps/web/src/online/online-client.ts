/**
 * Online play (ARCHITECTURE §7.6, PROTOCOL §3–§5): one `OnlineClient`, made once with
 * the app (main.tsx, through `online-link.ts`) and handed to whoever needs it. It reads the server's
 * broadcasts, resyncs on a seq gap or a reconnect, follows presence, and sends the requests a person
 * makes (the plain ones in `requests.ts`). Every refused request shows its message and changes nothing.
 * Each received event is folded once, into the lobby's `OnlineSession`, which owns what was received
 * and what is shown; the lobby view (`lobby-store.ts`) is published from it, and while a game runs the
 * same session sits in the session store, so the board, header and dialogs work as offline.
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
import { appStore, redirectTo, setDialog } from '../app/app-state';
import { BOT_PACE, settingsStore } from '../app/settings';
import { showToast } from '../app/toasts';
import { botSpeedOverride, closeSession, sessionStore } from '../game/session-store';
import { readSeatedLobby, saveIdentity, saveSeatedLobby } from './identity';
import { moderationNoticeFor } from '../game/moderation-words';
import { linkOf, lobbyStore, publishReceived, resetLobby, setSynced } from './lobby-store';
import { showModerationNotice } from './moderation-store';
import { OnlineSession } from './online-session';
import { ACK_TIMEOUT_MS, OnlineRequests } from './requests';
import { foldSyncAnswer } from './resync';
import { serverClock } from './server-clock';
import { currentSocket, getSocket, type GameSocket } from './socket';

/** A resync the server refused as too frequent is asked again after this long. */
const RESYNC_RETRY_MS = 2_000;

const LOGGED_EVENTS = LOGGED_BROADCAST_NAMES;

export interface OnlineClientOptions {
  /** Runs each time the client opens (or reuses) the socket: main.tsx fetches the lost-connection dialog's code then. */
  readonly onConnect?: () => void;
}

/** The online client: one per app (tests make their own). */
export class OnlineClient extends OnlineRequests {
  /** The lobby this device is in: its session owns the fold of every event received and what is shown. */
  private lobby: OnlineSession | null = null;
  private playerId: string | null = null;
  private resyncing = false;
  private resyncAgain = false;
  /** This device asked to create or join a lobby: its first sight of it redirects to /lobby. */
  private entering = false;

  constructor(private readonly options: OnlineClientOptions = {}) {
    super();
  }

  /** What this device holds of the online lobby: the fold of every event received so far. */
  private get latest(): LobbyState | null {
    return this.lobby?.received ?? null;
  }

  // ---- connection ----------------------------------------------------------------------------

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
    const admin = this.latest?.players.find((p) => p.id === by)?.name ?? 'The admin';
    showToast(`${admin} opened a rematch: “Join rematch” takes you there.`, 'info');
  }

  private onHello(hello: HelloPayload): void {
    saveIdentity(hello.playerId, hello.token);
    const changedIdentity = this.playerId !== null && this.playerId !== hello.playerId;
    this.playerId = hello.playerId;
    lobbyStore.set((l) => ({ ...l, playerId: hello.playerId }));
    if (hello.lobbyId === null) {
      setSynced(true);
      // Seated nowhere (removed while away, the lobby closed, or the identity was not recognised).
      if (this.latest !== null || readSeatedLobby()) {
        this.leftLobby(
          changedIdentity
            ? 'The server did not recognise this device: join again.'
            : 'You are no longer in that lobby.',
        );
      }
      return;
    }
    if (this.latest !== null && this.latest.lobbyId !== hello.lobbyId) this.dropLobby();
    void this.resync(hello.lobbyId).then(() => {
      if (hello.rematchId && this.latest?.lobbyId === hello.lobbyId) this.offerRematch(hello.rematchId, '');
    });
  }

  // ---- folding -------------------------------------------------------------------------------

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
    // The one fold of this event: the session takes the state it folded to.
    const result = applyBroadcast(before, name, payload);
    if (result.gap) {
      void this.resync(before?.lobbyId ?? null);
      return;
    }
    if (result.state === before || result.state === null) return;
    if (result.event === null) {
      // A full state (a join, or a sync): start over from it.
      this.holdLobby(result.state, [], result.state);
    } else if (this.lobby !== null && before !== null) {
      this.lobby.receive(result.event, result.state);
    } else {
      // The very first event of a lobby this device created (or one folded onto what it held).
      this.holdLobby(result.state, [result.event], before);
    }
    this.afterFold(result.event ? [result.event] : [], before);
  }

  /** A full state replaces what the lobby's session holds (or starts one); `events` continue from `base`. */
  private holdLobby(state: LobbyState, events: readonly LobbyEvent[], base: LobbyState | null): void {
    if (this.lobby) this.lobby.replace(state, events, base);
    else this.lobby = this.newSession(state, events, base);
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
          this.leftLobby(answer.error.message);
        // The server paces resyncs: ask again a little later rather than stay behind.
        else if (answer.error.code === 'rate_limited') setTimeout(() => void this.resync(id), RESYNC_RETRY_MS);
        else showToast(answer.error.message);
        return;
      }
      const before = this.latest?.lobbyId === id ? this.latest : null;
      const caught = foldSyncAnswer(before, answer);
      if (!caught) {
        if (!this.resyncAgain) setSynced(true);
        return;
      }
      if (caught.replaced || before === null || this.lobby === null) {
        this.holdLobby(caught.state, caught.events, caught.base);
        this.afterFold([], before);
      } else {
        const lobby = this.lobby;
        caught.events.forEach((event, i) => lobby.receive(event, caught.states[i]));
        this.afterFold(caught.events, before);
      }
      if (!caught.complete) this.resyncAgain = true;
      else if (!this.resyncAgain && this.latest?.lobbyId === id) setSynced(true);
    } catch {
      showToast('The server did not answer: trying again when the connection is back.');
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

  /** Publishes the lobby view from what was received and reacts to what the new events mean for this device. */
  private afterFold(events: readonly LobbyEvent[], before: LobbyState | null): void {
    const state = this.latest;
    if (!state) return;
    const me = this.playerId;
    for (const e of events) {
      if (e.kind === 'player-left' && e.payload.playerId === me) {
        this.leftLobby(e.payload.by === me ? null : 'You were removed from the lobby.');
        return;
      }
      if (e.kind === 'lobby-updated' && e.payload.online === false) {
        this.leftLobby(me === state.adminId && e.actor === me ? null : closedMessage(e.payload.reason), false);
        return;
      }
      // A moderator closed the lobby or took this device's seat (PROTOCOL §4.9): out, and told why.
      const notice = e.kind === 'moderation' ? moderationNoticeFor(e.payload, me) : null;
      if (notice !== null) {
        this.leftLobby(null);
        showModerationNotice(notice);
        return;
      }
    }
    if (!state.online) {
      this.leftLobby('The lobby was closed.');
      return;
    }
    saveSeatedLobby(state.lobbyId);
    publishReceived(
      state,
      events,
      me,
      before === null || before.lobbyId !== state.lobbyId,
      this.lobby?.receivedEvents ?? events,
    );

    const firstSight = before === null || before.lobbyId !== state.lobbyId;
    if (state.game.running && !this.gameShown()) {
      this.showGame();
      // The game starts (or a reload lands in one): everybody goes to the board.
      const route = appStore.get().routeName;
      const started = events.some((e) => e.kind === 'game-action' && e.payload.id === 'start');
      if (started || ['lobby', 'join-lobby', 'join', 'quick-match', 'lobby-preview'].includes(route))
        redirectTo('/game');
    } else if (firstSight && this.entering) {
      // ARCHITECTURE §7.6: the first join event of a lobby this device asked for redirects to /lobby.
      redirectTo('/lobby');
    }
    if (firstSight) this.entering = false;
  }

  /** Whether the game screen shows this lobby's session. */
  private gameShown(): boolean {
    return this.lobby !== null && sessionStore.get() === this.lobby;
  }

  /** The game runs: a fresh session of what was received becomes the game in progress. */
  private showGame(): void {
    const held = this.lobby;
    if (!held) return;
    const session = this.newSession(held.received, held.receivedEvents, held.receivedBase);
    held.dispose();
    this.lobby = session;
    sessionStore.get()?.dispose();
    sessionStore.set(session);
  }

  private newSession(state: LobbyState, events: readonly LobbyEvent[], base: LobbyState | null): OnlineSession {
    const session: OnlineSession = new OnlineSession(
      state,
      events,
      {
        playerId: this.playerId ?? '',
        pace: () => BOT_PACE[botSpeedOverride() ?? settingsStore.get().botSpeed],
        send: (action) => this.emitRaw('client-game-action', action),
        // Nothing is sent while the connection is down or the board is not caught up (it would be lost or stale).
        live: () => linkOf(lobbyStore.get()) === 'live',
        onRefused: (message) => showToast(message),
        // Every event reaches the session already folded, so this is a bug: ask the server for the truth.
        onBroken: () => {
          if (this.lobby === session) void this.resync(null);
        },
      },
      base,
    );
    return session;
  }

  /** Forgets the lobby (no redirect, no message): another lobby is coming. */
  private dropLobby(): void {
    const held = this.lobby;
    this.lobby = null;
    held?.dispose();
    saveSeatedLobby(null);
    if (sessionStore.get() instanceof OnlineSession) closeSession();
    resetLobby();
  }

  /**
   * This device is out of the lobby (it left, was removed, or the lobby closed): back to an offline lobby
   * and to '/', with `message` as a toast when there is something to explain.
   */
  private leftLobby(message: string | null, redirect = true): void {
    this.dropLobby();
    setDialog('lobbyDisconnected', false);
    if (message) showToast(message, 'info');
    if (redirect) redirectTo('/');
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
        showToast('Leave the game you are in first.');
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
      this.leftLobby(null);
      return true;
    }
    const ok = await this.request('client-leave-lobby', { playerId: me });
    if (ok && this.latest) this.leftLobby(null);
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

/** What a person is told when the lobby closes under them, by the server's reason. */
function closedMessage(reason: CloseReason | undefined): string {
  switch (reason) {
    case 'turn_limit':
      return 'The game reached the turn limit and ended: the lobby is closed.';
    case 'idle':
      return 'The lobby was closed: nobody was online in it for a long time.';
    case undefined:
      return 'The lobby was closed.';
  }
}
