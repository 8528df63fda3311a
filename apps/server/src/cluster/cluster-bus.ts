/**
 * The cluster bus: how this node hears what happens (here and, with several nodes, elsewhere) and reaches
 * the other nodes. One interface, two implementations chosen once at start (`cluster.providers.ts`): the
 * in-process `LocalBus` (one node) and the `RedisBus` (several nodes). Nothing above this floor asks which
 * one runs: a question to the other nodes is answered at once by the local bus (nobody else is there).
 *
 * Every event the lobby, presence, watchers, limits and bots listen to is typed once in `ClusterEventMap`.
 */
import type { LobbyEvent } from '@four-banners/engine';
import type { Server } from 'socket.io';

/** What is counted per node: connections by address, sockets by player, distinct watchers by lobby. */
export type CountKind = 'connections' | 'sockets' | 'watchers';

/** What a dead node held: the players connected to it and the lobbies watched through it. */
export interface GoneNode {
  readonly players: readonly string[];
  readonly watched: readonly string[];
}

/** Every event on the bus and its arguments. */
export interface ClusterEventMap {
  /** A lobby's state in memory changed: a commit here, a restore, or another node's events folded. */
  'lobby-changed': [lobbyId: string];
  /** Another node committed a lobby's events up to `lastSeq` (with the events when they came along, else none). */
  'lobby-noticed': [lobbyId: string, lastSeq: number, events: readonly LobbyEvent[]];
  /** The other nodes are reachable again after an outage: what they announced meanwhile was lost. */
  'bus-reconnected': [];
  /** Another node was found dead: what it held (a dead node never says it). */
  'node-gone': [gone: GoneNode];
  /** This node was taken for dead and is back: its players (they were announced gone). */
  'node-returned': [players: readonly string[]];
  /** A player's first connection to this node opened (online) or their last one closed. */
  'presence-changed': [playerId: string, online: boolean];
  /** The set of people watching a lobby through this node changed. */
  'watchers-changed': [lobbyId: string];
  /** Another node changed the mutes and bans (PROTOCOL §4.9): they are to be loaded again. */
  'sanctions-noticed': [];
}

export type ClusterEventName = keyof ClusterEventMap;
type Listener<E extends ClusterEventName> = (...args: ClusterEventMap[E]) => void;

/** The socket.io adapter a bus may bring (the default in-memory one otherwise). */
export type IoAdapterFactory = NonNullable<Parameters<Server['adapter']>[0]>;

/** The bus: events to this node's listeners, and what the other nodes are told or asked. */
export abstract class ClusterBus {
  private readonly listeners: { [E in ClusterEventName]?: Listener<E>[] } = {};

  /** Calls `listener` on every `event`, in the order the listeners were added. */
  on<E extends ClusterEventName>(event: E, listener: Listener<E>): void {
    const list: Listener<E>[] = this.listeners[event] ?? [];
    list.push(listener);
    (this.listeners as Record<E, Listener<E>[]>)[event] = list;
  }

  /** Tells this node's listeners of `event` (never the other nodes: they hear their own). */
  emit<E extends ClusterEventName>(event: E, ...args: ClusterEventMap[E]): void {
    for (const listener of this.listeners[event] ?? []) listener(...args);
  }

  /** Whether other nodes may append to the same lobbies' logs (a refusal may then rest on an old copy). */
  abstract readonly peers: boolean;

  /** Resolves once this node hears the other nodes (it serves nobody before). */
  abstract ready(): Promise<void>;

  /** The socket.io adapter that reaches every node's sockets (undefined: the in-memory one). */
  abstract adapter(): IoAdapterFactory | undefined;

  /** Lets the other nodes ask which players are connected here (`online` answers for this node). */
  abstract attachServer(server: Server, online: (playerIds: readonly string[]) => string[]): void;

  /** Tells the other nodes this node committed `events` to the lobby's log (never waits, never throws). */
  abstract published(lobbyId: string, events: readonly LobbyEvent[]): void;

  /** Tells the other nodes the mutes and bans changed, so they load them now (never waits, never throws). */
  abstract sanctionsChanged(): void;

  /** Which of `playerIds` the other nodes hold; `then` gets null when they could not be asked. */
  abstract onlineElsewhere(playerIds: readonly string[], then: (online: ReadonlySet<string> | null) => void): void;

  /** Records this node's count for `field` (0 forgets it), for the other nodes to read. */
  abstract count(kind: CountKind, field: string, n: number): void;

  /** The other nodes' sum for `field`; `then` gets null when they could not answer in time. */
  abstract sumElsewhere(kind: CountKind, field: string, then: (n: number | null) => void): void;

  /**
   * How many fields of `kind` the other nodes count (people with a socket there, lobbies watched there),
   * summed over the nodes; `then` gets null when they could not answer in time.
   */
  abstract fieldsElsewhere(kind: CountKind, then: (n: number | null) => void): void;
}
