/** generate (RULES §2.2). */
import { ENGINE_MAX_SIDE, LANDMARK, LANDMARK_ODDS, SEED_LIMIT, TILE_TYPE, type CountryId } from '../constants.js';
import { NEIGHBOURS_4 } from '../grid.js';
import { isGameOver } from '../game.js';
import { createRng } from '../rng.js';
import { ok, refuse, type GameData, type Result, type RuleError, type Tile } from '../types.js';
import type { GenerateInfo } from './types.js';

/** Allowed when not running with at least 2 countries and a map that fits every start tile. */
export function actable(game: GameData, info: GenerateInfo): Result<void, RuleError> {
  if (isGameOver(game)) return refuse('game_over', 'The game is over.');
  if (game.running) return refuse('game_running', 'The map cannot change during a game.');
  if (game.countries.length < 2) return refuse('not_actable', 'At least 2 countries are needed for a map.');
  const { w, h, seed } = info;
  if (!Number.isInteger(w) || !Number.isInteger(h) || w < 1 || h < 1 || w > ENGINE_MAX_SIDE || h > ENGINE_MAX_SIDE) {
    return refuse('not_actable', `Map sides must be whole numbers from 1 to ${ENGINE_MAX_SIDE}.`);
  }
  if (w * h < game.countries.length) return refuse('not_actable', 'The map is too small for every country.');
  if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) {
    return refuse('not_actable', 'The seed must be a whole number from 0 to 2^32-1.');
  }
  return ok(undefined);
}

/** Builds a new map from the map seed: start tiles, 4-neighbour growth rounds, then landmarks. */
export function apply(game: GameData, info: GenerateInfo): GameData {
  const { w, h, seed } = info;
  const rng = createRng(seed);
  const owners = new Array<CountryId>(w * h).fill(-1);

  const starts: number[] = [];
  for (const country of game.countries) {
    let index: number;
    do {
      const x = rng.int(0, w);
      const y = rng.int(0, h);
      index = x + y * w;
    } while (starts.includes(index));
    starts.push(index);
    owners[index] = country.id;
  }

  // Growth: each country's queue starts with its start tile; one step per country per round.
  const queues = starts.map((s) => [s]);
  const heads = starts.map(() => 0);
  let pending = queues.length;
  while (pending > 0) {
    pending = 0;
    for (let c = 0; c < queues.length; c++) {
      const queue = queues[c]!;
      if (heads[c]! >= queue.length) continue;
      const front = queue[heads[c]!]!;
      const fx = front % w;
      const fy = (front - fx) / w;
      let grown = false;
      for (const d of NEIGHBOURS_4) {
        const nx = fx + d.x;
        const ny = fy + d.y;
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const n = nx + ny * w;
        if (owners[n] !== -1) continue;
        owners[n] = game.countries[c]!.id;
        queue.push(n);
        grown = true;
        break;
      }
      if (!grown) heads[c]! += 1;
      if (heads[c]! < queue.length) pending += 1;
    }
  }

  const tiles: Tile[] = new Array(w * h);
  for (let i = 0; i < w * h; i++) {
    const x = i % w;
    tiles[i] = {
      pos: { x, y: (i - x) / w },
      owner: owners[i]!,
      type: TILE_TYPE.nomad,
      landmark: rng.percent(LANDMARK_ODDS),
    };
  }
  for (const s of starts) tiles[s] = { ...tiles[s]!, landmark: LANDMARK.none };

  return { ...game, width: w, height: h, seed, tiles, rng: rng.state() };
}
