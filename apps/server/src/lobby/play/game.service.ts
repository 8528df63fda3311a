/**
 * The game itself: loading a save into a lobby before its start, and every game action (start, place a
 * banner, move a unit, next turn). A request reads top to bottom: the player's seat (in the lobby's lock)
 * → who may act → the engine decides → one event → `LobbyStore.commit` (append → memory → broadcast).
 */
import { Inject, Injectable } from '@nestjs/common';
import {
  COUNTRY,
  SERVER_ACTOR,
  actable,
  deserializeGame,
  offMapProblem,
  playerOfCountry,
  serializeGame,
  type CountryId,
  type Player,
} from '@four-banners/engine';
import type { Ack, ClientAction, loadSaveSchema } from '@four-banners/protocol';
import type { z } from 'zod';
import { CONFIG, type ServerConfig } from '../../common/config.js';
import { newSeed } from '../../common/ids.js';
import { LimitsService } from '../../limits/limits.service.js';
import { Draft, LobbyStore, requestKey } from '../core/lobby.store.js';
import { done, fail, notBeforeStart } from '../core/requests.js';

@Injectable()
export class GameService {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyStore) private readonly store: LobbyStore,
    @Inject(LimitsService) private readonly limits: LimitsService,
  ) {}

  async loadSave(caller: string, p: z.output<typeof loadSaveSchema>): Promise<Ack> {
    const parsed = deserializeGame(p.state);
    if (!parsed.ok) return fail('invalid_payload', parsed.error.message);
    const game = parsed.value;
    if (game.tiles.length === 0) return fail('invalid_payload', 'The save has no map.');
    if (game.countries.length < 2) return fail('invalid_payload', 'The save has fewer than 2 countries left.');
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      if (state.adminId !== caller) return fail('not_admin', 'Only the lobby admin loads a save.');
      const refusal = notBeforeStart(state, this.config, this.limits);
      if (refusal) return refusal;
      if (this.config.maxTurns > 0 && game.turn.count >= this.config.maxTurns) {
        return fail(
          'not_actable',
          `This save is at turn ${game.turn.count}: games on this server end at turn ${this.config.maxTurns}.`,
        );
      }

      const draft = new Draft(state, new Date().toISOString());
      // A loaded game waits for start, which lets the save's current country play on (RULES §2.3).
      draft.add({
        kind: 'state-loaded',
        actor: caller,
        seed: null,
        payload: { state: serializeGame({ ...game, running: false }) },
      });
      // Seat players onto the loaded countries: keep valid colours, hand out the rest in seat order.
      const loaded = game.countries.map((c) => c.id);
      const kept = new Set<number>();
      const needs: Player[] = [];
      for (const seat of state.players) {
        if (loaded.some((c) => c === seat.country) && !kept.has(seat.country)) kept.add(seat.country);
        else needs.push(seat);
      }
      const free = loaded.filter((c) => !kept.has(c));
      for (const seat of needs) {
        const country: CountryId = free.shift() ?? COUNTRY.none;
        if (country !== seat.country) {
          draft.add({
            kind: 'country-changed',
            actor: SERVER_ACTOR,
            seed: null,
            payload: { playerId: seat.id, country },
          });
        }
      }
      return done(await this.store.commit(draft, {}));
    });
  }

  /** A game action; `requestId` (PROTOCOL §3.5) keeps one sent again after a lost answer from landing twice. */
  gameAction(caller: string, action: ClientAction, requestId?: string): Promise<Ack> {
    return this.store.inSeat(caller, async (state) => {
      if (!state) return fail('not_in_lobby', 'You are not in a lobby.');
      const game = state.game;
      // A tile off the map is a malformed request (docs/PROTOCOL.md §3.4: right after not_in_lobby), whoever
      // sends it: the engine decides it (offMapProblem), asked here before the seat and turn checks.
      const offMap = offMapProblem(game, action);
      if (offMap) return fail(offMap.code, offMap.message);
      let actor = caller;
      if (action.id === 'start') {
        if (state.adminId !== caller) return fail('not_admin', 'Only the lobby admin starts the game.');
      } else {
        const seat = playerOfCountry(state, action.info.country);
        if (!seat || (seat.id !== caller && seat.local?.ownerId !== caller)) {
          return fail('unauthorized', 'You do not control that country.');
        }
        actor = seat.id;
      }
      const check = actable(game, action);
      if (!check.ok) return fail(check.error.code, check.error.message);
      if (action.id === 'start') {
        const unseated = game.countries.find((c) => !playerOfCountry(state, c.id));
        if (unseated) return fail('not_actable', `Country ${unseated.id} has no player: add a bot or pick it.`);
        // Bots play only for people watching: a bots-only match is what offline play is for.
        if (!game.countries.some((c) => !playerOfCountry(state, c.id)!.bot)) {
          return fail(
            'not_actable',
            'An online game needs at least one person playing a country: play bots-only games offline.',
          );
        }
      }
      const draft = new Draft(state, new Date().toISOString());
      draft.add({ kind: 'game-action', actor, seed: newSeed(), payload: action });
      const request = requestKey(caller, requestId);
      return done(await this.store.commit(draft, request === undefined ? {} : { request }));
    });
  }
}
