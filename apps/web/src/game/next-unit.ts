/**
 * What the country to move can still do this turn, asked of the engine (`moveableTiles`, `actable`): its
 * units that can still act, the next one to look at, and the banner spots left. The game screen's "Next
 * unit" (button and N key) and the pass-turn dialog read these; nothing here decides a rule.
 */
import {
  actable,
  findCountry,
  moveableTiles,
  tileAt,
  type GameData,
  type PlayableCountry,
  type Pos,
} from '@four-banners/engine';

/** The units of `country` that can still move or attack (RULES §4.3), in row-major order. */
export function actableUnits(game: GameData, country: PlayableCountry | null): Pos[] {
  if (country === null) return [];
  const out: Pos[] = [];
  for (const t of game.tiles)
    if (t.unit?.id === country && moveableTiles(game, t.pos, country).length > 0) out.push(t.pos);
  return out;
}

/**
 * The unit to select after `current`: the next of `actableUnits` in row-major order after it, round to
 * the first after the last; the first when nothing is selected. Null when no unit can act.
 */
export function nextUnit(game: GameData, country: PlayableCountry | null, current: Pos | null): Pos | null {
  const units = actableUnits(game, country);
  if (units.length === 0) return null;
  if (current === null) return units[0]!;
  const at = current.x + current.y * game.width;
  return units.find((p) => p.x + p.y * game.width > at) ?? units[0]!;
}

/** Legal banner spots of `country` right now (RULES §4.2), asked of the engine tile by tile. */
export function bannerSpots(game: GameData, country: PlayableCountry | null): Pos[] {
  if (country === null || (findCountry(game, country)?.banners ?? 0) <= 0) return [];
  const out: Pos[] = [];
  for (const t of game.tiles) {
    if (t.owner !== country || t.unit || t.landmark !== -1 || t.type !== 0) continue;
    if (actable(game, { id: 'place_banner', info: { country, x: t.pos.x, y: t.pos.y } }).ok) out.push(t.pos);
  }
  return out;
}

/** What is left of a turn: units that can still move (and maybe attack), units that can only attack, banners to place. */
export interface TurnLeft {
  /** Units with an empty tile to step to. */
  readonly move: number;
  /** Units that have moved and still have an enemy next to them: they can only attack. */
  readonly attack: number;
  /** Banners in hand, when there is at least one legal spot for them; else 0. */
  readonly banners: number;
  readonly bannerSpots: readonly Pos[];
}

export function turnLeft(game: GameData, country: PlayableCountry | null): TurnLeft {
  let move = 0;
  let attack = 0;
  for (const pos of actableUnits(game, country)) {
    const reach = moveableTiles(game, pos, country!);
    if (reach.some((p) => !tileAt(game, p.x, p.y)?.unit)) move++;
    else attack++;
  }
  const spots = bannerSpots(game, country);
  const banners = spots.length > 0 ? (findCountry(game, country!)?.banners ?? 0) : 0;
  return { move, attack, banners, bannerSpots: spots };
}

/** Whether nothing is left to do: no unit can act and no banner can be placed. */
export function nothingLeft(left: TurnLeft): boolean {
  return left.move === 0 && left.attack === 0 && left.banners === 0;
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "3 units can still move, 1 unit can still attack, 1 banner to place"; empty when nothing is left. */
export function turnLeftWords(left: TurnLeft): string {
  const out: string[] = [];
  if (left.move > 0) out.push(`${plural(left.move, 'unit', 'units')} can still move`);
  if (left.attack > 0) out.push(`${plural(left.attack, 'unit', 'units')} can still attack`);
  if (left.banners > 0) out.push(`${plural(left.banners, 'banner', 'banners')} to place`);
  return out.join(', ');
}
