/** Drives human seats with the engine's bot planner, so tests play legal moves without scripting a game. */
import {
  applyLegal,
  createRng,
  drawSeed,
  isGameOver,
  newGame,
  playBotTurn,
  serializeGame,
  whoseTurn,
  type GameAction,
  type PlayableCountry,
  type SerializedGame,
} from '@four-banners/engine';
import type { Ack, ClientAction } from '@four-banners/protocol';
import type { TestClient } from './harness.js';

/** A client never sends `bonus` (PROTOCOL §3.2): strip it from the planner's move. */
export function asClientAction(action: GameAction): ClientAction {
  if (action.id === 'move_unit') {
    const { bonus: _bonus, ...info } = action.info;
    return { id: 'move_unit', info };
  }
  return action as ClientAction;
}

/** The country a client's own seat (or one of its hot-seat players) plays now, if it is to move. */
export function countryToMove(client: TestClient): 0 | 1 | 2 | 3 | null {
  const s = client.state;
  if (!s) return null;
  const turn = whoseTurn(s.game);
  if (turn === null) return null;
  const seat = s.players.find((p) => p.country === turn);
  return seat && (seat.id === client.playerId || seat.local?.ownerId === client.playerId) ? turn : null;
}

/**
 * The people pass until it is `country`'s turn (a bot's, so the test can take something away before it
 * plays): each pass must land, and every client follows it. `answered` hears every answer with its sender.
 */
export async function passUntilTurn(
  clients: readonly TestClient[],
  country: PlayableCountry,
  answered: (by: string, ack: Ack) => void,
): Promise<void> {
  const first = clients[0]!;
  while (whoseTurn(first.state!.game) !== country) {
    const mover = clients.find((c) => countryToMove(c) !== null);
    if (!mover) {
      const seq = first.state!.seq;
      await first.until((c) => c.state!.seq > seq, 'the turn to move on');
      continue;
    }
    const ack = await mover.emit('client-game-action', { id: 'next_turn', info: { country: countryToMove(mover)! } });
    answered(mover.playerId, ack);
    if (!ack.ok) throw new Error(`pass refused: ${ack.error.code}`);
    await Promise.all(clients.map((c) => c.untilSeq(ack.seq!)));
  }
}

/**
 * Plays until the game is over: whoever is to move sends the first action the planner picks
 * (re-planned after every ack, since the server's seeds decide fights); bots play on the server.
 * Returns the number of human actions sent. `answered` hears every answer with its sender; a refusal is
 * thrown unless `answered` returns true (the move is planned again on what the broadcasts bring).
 */
export async function playToEnd(
  clients: readonly TestClient[],
  seed = 1,
  maxActions = 20_000,
  answered?: (by: TestClient, ack: Ack) => boolean | Promise<boolean>,
): Promise<number> {
  const rng = createRng(seed);
  const watcher = clients[0]!;
  let sent = 0;
  let perTurn = 0;
  let lastTurn = -1;
  while (!isGameOver(watcher.state!.game)) {
    if (sent > maxActions) throw new Error('the game did not end');
    const seq = watcher.state!.seq;
    const mover = clients.find((c) => countryToMove(c) !== null && c.state!.seq === seq);
    if (!mover) {
      await watcher.until(
        (c) => c.state!.seq > seq || clients.some((m) => countryToMove(m) !== null && m.state!.seq === c.state!.seq),
        'a move',
      );
      continue;
    }
    const game = mover.state!.game;
    const country = countryToMove(mover)!;
    if (game.turn.count !== lastTurn) {
      lastTurn = game.turn.count;
      perTurn = 0;
    }
    const planned = playBotTurn(game, country, 'easy', drawSeed(rng))[0];
    // A safety valve: a turn that runs long is passed.
    const action: ClientAction =
      planned && perTurn < 60 ? asClientAction(planned.action) : { id: 'next_turn', info: { country } };
    const ack = await mover.emit('client-game-action', action);
    const goOn = (await answered?.(mover, ack)) ?? false;
    sent++;
    perTurn++;
    if (!ack.ok) {
      if (goOn) continue;
      throw new Error(`legal action refused: ${JSON.stringify(action)} → ${ack.error.code}: ${ack.error.message}`);
    }
    await Promise.all(clients.map((c) => c.untilSeq(ack.seq!)));
  }
  return sent;
}

/**
 * A w×h save, not started, of `countries` in which only the first is alive (it holds every tile and unit
 * the others were given): loaded into a lobby and started, the game is over at once (turn 0 is a banner
 * turn, after which the dead are removed), with every seat still in place.
 */
export function oneAliveSave(countries: readonly PlayableCountry[], w = 6, h = 6, seed = 7): SerializedGame {
  let game = newGame(w, h, seed);
  for (const country of countries) game = applyLegal(game, { id: 'add_country', info: { country } }, 0);
  game = applyLegal(game, { id: 'generate', info: { w, h, seed } }, 0);
  const alive = countries[0]!;
  const tiles = game.tiles.map((t) => ({
    ...t,
    owner: t.owner === -1 ? t.owner : alive,
    ...(t.unit ? { unit: { ...t.unit, id: alive } } : {}),
  }));
  return serializeGame({ ...game, tiles });
}
