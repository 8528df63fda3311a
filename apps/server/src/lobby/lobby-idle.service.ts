/**
 * Lobbies nobody attends are closed (DESIGN.md §5 Presence): when every person seated in an open lobby
 * has been offline for `idleCloseMs`, the server closes it with reason `idle`; its log stays a replay.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../config.js';
import { LobbyHub } from './lobby.hub.js';
import { LobbyStore, isHuman } from './lobby.store.js';

@Injectable()
export class LobbyIdleSweep implements OnModuleInit, OnModuleDestroy {
  /** lobbyId → when a person of it was last seen online (by the sweep). */
  private readonly lastAttended = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
  ) {}

  onModuleInit(): void {
    if (this.config.idleCloseMs > 0) {
      this.timer = setInterval(() => this.sweep(), Math.min(60_000, this.config.idleCloseMs)).unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Closes the open lobbies whose people have all been offline for `idleCloseMs`; returns their ids.
   * `now` is a parameter so tests can step time instead of waiting for it.
   */
  sweep(now = Date.now()): string[] {
    const closed: string[] = [];
    for (const [lobbyId, state] of [...this.store.openLobbies()]) {
      if (state.players.some((s) => isHuman(s) && this.hub.isOnline(s.id))) {
        this.lastAttended.set(lobbyId, now);
        continue;
      }
      const since = this.lastAttended.get(lobbyId);
      if (since === undefined) {
        this.lastAttended.set(lobbyId, now);
      } else if (now - since >= this.config.idleCloseMs) {
        this.store.close(state, 'idle');
        closed.push(lobbyId);
      }
    }
    // Forget lobbies that closed any way at all (left, closed by their admin, capped), not only here.
    for (const id of this.lastAttended.keys()) if (!this.store.cached(id)) this.lastAttended.delete(id);
    return closed;
  }
}
