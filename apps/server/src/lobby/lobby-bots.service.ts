/**
 * The bots (SPEC.md §4 Bot behaviour, DESIGN.md §3 Bots): whenever a turn passes to a bot, the server
 * plays the bot's turn — one turn per event-loop tick — and logs each of its actions as its own event,
 * with the action's seed (and the bot's bonus on attacks), so a replay never runs bot code.
 */
import { Inject, Injectable, type OnModuleDestroy } from '@nestjs/common';
import {
  isGameOver,
  playBotTurn,
  playerOfCountry,
  whoseTurn,
  type Difficulty,
  type LobbyState,
  type Player,
} from '@four-banners/engine';
import { AppLogger } from '../logger.js';
import { newSeed } from './ids.js';
import { Draft, LobbyStore } from './lobby.store.js';

type BotSeat = Player & { readonly bot: { readonly difficulty: Difficulty } };

@Injectable()
export class LobbyBots implements OnModuleDestroy {
  private readonly pending = new Set<string>();
  private closing = false;

  constructor(
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(AppLogger) private readonly logger: AppLogger,
  ) {
    store.onChange((lobbyId) => this.schedule(lobbyId));
  }

  onModuleDestroy(): void {
    this.closing = true;
  }

  /** The bot seat to move in `state`, if a bot is to move in a game that goes on. */
  botToMove(state: LobbyState | undefined): BotSeat | undefined {
    if (!state || !state.online || isGameOver(state.game)) return undefined;
    const country = whoseTurn(state.game);
    if (country === null) return undefined;
    const seat = playerOfCountry(state, country);
    return seat?.bot ? (seat as BotSeat) : undefined;
  }

  private schedule(lobbyId: string): void {
    if (this.closing || this.pending.has(lobbyId) || !this.botToMove(this.store.cached(lobbyId))) return;
    this.pending.add(lobbyId);
    setImmediate(() => {
      this.pending.delete(lobbyId);
      if (this.closing) return;
      try {
        this.playTurn(lobbyId);
      } catch (e) {
        this.logger.error('bot-failed', { lobby: lobbyId, error: e instanceof Error ? e.stack : String(e) });
      }
    });
  }

  /** Plays one bot turn; its commit schedules the next bot, if any. */
  private playTurn(lobbyId: string): void {
    const state = this.store.cached(lobbyId);
    const bot = this.botToMove(state);
    if (!state || !bot || bot.country === -1) return;
    const actions = playBotTurn(state.game, bot.country, bot.bot.difficulty, newSeed());
    if (actions.length === 0) return;
    const draft = new Draft(state, new Date().toISOString());
    for (const { action, seed } of actions) draft.add({ kind: 'game-action', actor: bot.id, seed, payload: action });
    this.store.commit(draft, {});
  }
}
