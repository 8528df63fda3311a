/**
 * A stable, fast hash of game state, so two folders of one log can prove they agree.
 * Two 32-bit multiply-xor lanes over the state's numbers; printed as 16 hex digits.
 * The rng state is left out: it never influences a later action (RULES §5.2).
 */
import type { GameData } from './types.js';

export interface Hasher {
  num(n: number): void;
  str(s: string): void;
  digest(): string;
}

/** A fresh hasher. */
export function createHasher(): Hasher {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  const mix = (v: number) => {
    h1 = Math.imul(h1 ^ v, 2654435761);
    h2 = Math.imul(h2 ^ v, 1597334677);
  };
  return {
    // Doubles of units and halves stay exact: war modifiers are multiples of 0.5, everything else integral.
    num(n) {
      mix(Math.round(n * 2) | 0);
      mix(Math.floor((n * 2) / 4294967296) | 0);
    },
    str(s) {
      mix(s.length);
      for (let i = 0; i < s.length; i++) mix(s.charCodeAt(i));
    },
    digest() {
      let a = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
      a ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
      let b = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
      b ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
      return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
    },
  };
}

/** Feeds every rule-relevant field of `game` to `hasher`. */
export function hashGameInto(hasher: Hasher, game: GameData): void {
  hasher.num(game.width);
  hasher.num(game.height);
  hasher.num(game.seed);
  hasher.num(game.running ? 1 : 0);
  hasher.num(game.turn.count);
  hasher.num(game.turn.type);
  hasher.num(game.countries.length);
  for (const c of game.countries) {
    hasher.num(c.id);
    hasher.num(c.banners);
  }
  hasher.num(game.tiles.length);
  for (const t of game.tiles) {
    // One number per tile: owner, type, landmark and unit packed into small fields.
    const unit = t.unit ? 1 + t.unit.id * 4 + (t.unit.attacked ? 2 : 0) + (t.unit.moved ? 1 : 0) : 0;
    hasher.num((t.owner + 1) | (t.type << 3) | ((t.landmark + 1) << 4) | (unit << 7));
  }
}

/** The hash of a game alone. */
export function gameHash(game: GameData): string {
  const h = createHasher();
  hashGameInto(h, game);
  return h.digest();
}
