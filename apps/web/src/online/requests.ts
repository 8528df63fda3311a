/**
 * The requests a person makes in an online lobby, each answered by the server's acknowledgement
 * (PROTOCOL §3): a refusal or a timeout is reported (`refused`, which the online client turns into an
 * outcome that lobby-actions.ts shows) and changes nothing. The online client builds on this; what a
 * request changes comes back as broadcasts, never from the answer.
 */
import type { CountryId, Difficulty, PlayableCountry, TurnClock } from '@four-banners/engine';
import type { Ack, ClientToServerEvents } from '@four-banners/protocol';
import type { GameSocket } from './socket';
import { sendRetrying } from './unavailable';

/** An acknowledgement that never comes is reported after this long ('operation has timed out'). */
export const ACK_TIMEOUT_MS = 10_000;

type Request = Exclude<keyof ClientToServerEvents, 'client-sync-state'>;
type PayloadOf<E extends keyof ClientToServerEvents> = Parameters<ClientToServerEvents[E]>[0];

/** The requests that carry a `requestId` (PROTOCOL §3.5): what a person sends again and again while playing. */
const NAMED: ReadonlySet<Request> = new Set<Request>(['client-chat-message', 'client-game-action']);

/**
 * A fresh request id: 16 random bytes in base64url (22 characters). `getRandomValues`, not `randomUUID`,
 * which a page served over plain http to another machine does not have.
 */
export function newRequestId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

export abstract class OnlineRequests {
  /** The socket the requests go through (opened on first use). */
  abstract connect(): Promise<GameSocket>;

  /** A request was refused or went unanswered: `message` says why (nothing changed). */
  protected abstract refused(message: string): void;

  /**
   * Sends one request and waits for its answer; one refused with `unavailable` is sent again (`sendRetrying`),
   * a chat line or a move with the same `requestId`, so one whose first answer was lost is not done twice.
   */
  protected emitRaw<E extends Request>(name: E, payload: PayloadOf<E>): Promise<Ack> {
    const sent = NAMED.has(name) ? { ...payload, requestId: newRequestId() } : payload;
    return sendRetrying(
      () => this.emitOnce(name, sent),
      (message) => this.refused(message),
    );
  }

  private async emitOnce<E extends Request>(name: E, payload: PayloadOf<E>): Promise<Ack> {
    const socket = await this.connect();
    // socket.io's typed emitWithAck cannot take a generic event name; the maps above keep it honest.
    const timed = socket.timeout(ACK_TIMEOUT_MS) as unknown as { emitWithAck(n: string, p: unknown): Promise<Ack> };
    return timed.emitWithAck(name, payload);
  }

  /** Sends a request; on refusal or timeout reports the reason and resolves to false (nothing changed). */
  protected async request<E extends Request>(name: E, payload: PayloadOf<E>): Promise<boolean> {
    try {
      const ack = await this.emitRaw(name, payload);
      if (ack.ok) return true;
      this.refused(ack.error.message);
      return false;
    } catch (e) {
      this.refused(
        e instanceof Error && e.message ? `The server did not answer (${e.message}).` : 'The server did not answer.',
      );
      return false;
    }
  }

  /** Removes a seat (admin: anyone; a person: their own hot-seat players). */
  removePlayer(id: string): Promise<boolean> {
    return this.request('client-leave-lobby', { playerId: id });
  }

  /** Picks a colour for this device's seat (or for a bot, as admin); -1 gives the colour back. */
  changeCountry(country: CountryId, seatId?: string): Promise<boolean> {
    return this.request('client-change-country', seatId ? { playerId: seatId, country } : { country });
  }

  /** Seats a bot of `difficulty` on a free colour (admin, before start). */
  addBot(country: PlayableCountry, difficulty: Difficulty): Promise<boolean> {
    return this.request('client-add-bot', { country, difficulty });
  }

  /** Changes the map (admin, before start): the fold regenerates it on every client. */
  updateMap(change: { w?: number; h?: number; seed?: number }): Promise<boolean> {
    return this.request('client-lobby-update', change);
  }

  /** Changes the lobby's settings (admin, before start): public or private, turn clock, away bots' level (PROTOCOL §4.8). */
  updateSettings(change: { listed?: boolean; clock?: TurnClock; botLevel?: Difficulty }): Promise<boolean> {
    return this.request('client-lobby-update', change);
  }

  /** "Play with bots now": a waiting quick match starts at once with bots in its empty seats (PROTOCOL §4.7). */
  quickStart(): Promise<boolean> {
    return this.request('client-quick-start', {});
  }

  /** "I'm back": this away person plays their country again from its next turn (PROTOCOL §4.8). */
  back(): Promise<boolean> {
    return this.request('client-back', {});
  }

  /** Closes the lobby for everybody (admin): `client-lobby-update {online: false}`. */
  closeLobby(): Promise<boolean> {
    return this.request('client-lobby-update', { online: false });
  }

  /**
   * Sends a chat message to the lobby. A refusal (`muted`, PROTOCOL §4.9; a rate…) comes back as its message,
   * for the chat box to show where the person typed; null when the server took the message.
   */
  sendChat(message: string): Promise<string | null> {
    return this.answer('client-chat-message', { message });
  }

  /**
   * Reports a person of this lobby to the operators (PROTOCOL §4.9): null when the report was taken, else
   * the server's message (`rate_limited`, `not_actable`…) for the report dialog to show.
   */
  report(report: PayloadOf<'client-report'>): Promise<string | null> {
    return this.answer('client-report', report);
  }

  /** Sends a request and resolves to null when taken, else to the message to show (a refusal or no answer). */
  private async answer<E extends Request>(name: E, payload: PayloadOf<E>): Promise<string | null> {
    try {
      const ack = await this.emitRaw(name, payload);
      return ack.ok ? null : ack.error.message;
    } catch (e) {
      return e instanceof Error && e.message
        ? `The server did not answer (${e.message}).`
        : 'The server did not answer.';
    }
  }

  /** Starts the game (admin). */
  startGame(): Promise<boolean> {
    return this.request('client-game-action', { id: 'start', info: {} });
  }
}
