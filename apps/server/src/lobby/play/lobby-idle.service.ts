/**
 * Lobbies nobody attends are closed (ARCHITECTURE §5.5): when every person seated in an open lobby
 * has been offline for `idleCloseMs`, the server closes it with reason `idle`; its log stays a replay.
 * Several nodes: each sweeps the lobbies it holds, asking every node who is connected; when two close the
 * same lobby at once, one append lands and the other finds it closed.
 */
import { Inject, Injectable, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { AppLogger } from '../../common/logger.js';
import { LobbyHub } from '../core/lobby.hub.js';
import type { LobbyState } from '@four-banners/engine';
import { LobbyCache, isHuman } from '../core/lobby-cache.js';
import { LobbyStore } from '../core/lobby.store.js';

@Injectable()
export class LobbyIdleSweep implements OnModuleInit, OnModuleDestroy {
  /** lobbyId → when a person of it was last seen online (by the sweep). */
  private readonly lastAttended = new Map<string, number>();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LobbyCache) private readonly cache: LobbyCache,
    @Inject(LobbyHub) private readonly hub: LobbyHub,
    @Inject(AppLogger) private readonly logger: AppLogger,
  ) {}

  onModuleInit(): void {
    if (this.config.idleCloseMs > 0) {
      const sweep = () => {
        this.sweep().catch((e: unknown) => this.logger.error('idle-sweep-failed', { error: String(e) }));
      };
      this.timer = setInterval(sweep, Math.min(60_000, this.config.idleCloseMs)).unref();
    }
  }

  onModuleDestroy(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /**
   * Whether a person seated in the lobby is connected — to any node when several run (a node that cannot
   * ask them all counts the lobby as attended: closing is never a guess).
   */
  private async attended(state: LobbyState): Promise<boolean> {
    const people = state.players.filter(isHuman).map((s) => s.id);
    if (people.some((id) => this.hub.isOnline(id))) return true;
    const online = await this.hub.onlineAnywhere(people);
    return online === null || online.size > 0;
  }

  /**
   * Closes the open lobbies whose people have all been offline for `idleCloseMs`; returns their ids.
   * `now` is a parameter so tests can step time instead of waiting for it.
   */
  async sweep(now = Date.now()): Promise<string[]> {
    const closed: string[] = [];
    for (const [lobbyId, state] of [...this.cache.openLobbies()]) {
      if (await this.attended(state)) {
        this.lastAttended.set(lobbyId, now);
        continue;
      }
      const since = this.lastAttended.get(lobbyId);
      if (since === undefined) {
        this.lastAttended.set(lobbyId, now);
      } else if (now - since >= this.config.idleCloseMs) {
        // Closed on its state once locked: a person may have come back, or it closed, while waiting.
        const done = await this.store.inLobby(lobbyId, async (current) => {
          if (!current || (await this.attended(current))) return false;
          await this.store.close(current, 'idle');
          return true;
        });
        if (done) closed.push(lobbyId);
      }
    }
    // Forget lobbies that closed any way at all (left, closed by their admin, capped), not only here.
    for (const id of this.lastAttended.keys()) if (!this.cache.cached(id)) this.lastAttended.delete(id);
    return closed;
  }
}
