/**
 * A fight in words and numbers, said the same way everywhere (the feed, the fight card, the replay's
 * caption, the screen reader, "Since your turn"): "Purple attacked Green: 1 + 2.5 vs 2 — Purple won".
 *
 * RULES §4.4: result = attacker's roll − defender's roll + modifier + bot bonus, and the attacker wins
 * when the result is above 0 (a tie is the defender's). Written as a sum, each of the modifier and the
 * bot bonus goes on the side it favours, so the bigger side is the one that won:
 * a + max(m, 0) (+ bonus) > d + max(−m, 0).
 */
import {
  NEIGHBOUR_SUPPORT,
  type FightResult,
  type PlayableCountry,
  type Pos,
  type WarParts,
} from '@four-banners/engine';
import { countryLabel } from '../art/art';

/** A piece of a sentence: text, or a country (a view may show it in its colour). */
export type FightPart = string | { readonly country: PlayableCountry };

/** What a fight sentence needs: the dice, the modifier and the bonus, and who fought (`FightView` has it all). */
export interface FightFacts extends FightResult {
  readonly attacker: PlayableCountry;
  readonly defender: PlayableCountry;
}

/** One number of a side's sum. */
export interface SumTerm {
  readonly kind: 'die' | 'modifier' | 'bot bonus';
  /** Never negative: a term that would count against a side counts for the other one instead. */
  readonly value: number;
}

export interface FightSum {
  readonly attacker: readonly SumTerm[];
  readonly defender: readonly SumTerm[];
  readonly attackerTotal: number;
  readonly defenderTotal: number;
}

/** "+2", "−0.5", "±0". */
export function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0';
}

const total = (terms: readonly SumTerm[]) => terms.reduce((s, t) => s + t.value, 0);

/** Both sides of the fight as sums: each die, then the modifier and the bot bonus on the side each favours. */
export function fightSum(f: Pick<FightResult, 'attackRoll' | 'defendRoll' | 'war' | 'bonus'>): FightSum {
  const attacker: SumTerm[] = [{ kind: 'die', value: f.attackRoll }];
  const defender: SumTerm[] = [{ kind: 'die', value: f.defendRoll }];
  if (f.war !== 0) (f.war > 0 ? attacker : defender).push({ kind: 'modifier', value: Math.abs(f.war) });
  if (f.bonus !== 0) (f.bonus > 0 ? attacker : defender).push({ kind: 'bot bonus', value: Math.abs(f.bonus) });
  return { attacker, defender, attackerTotal: total(attacker), defenderTotal: total(defender) };
}

/** "1 + 2.5", "3 + 4 bot bonus": the modifier goes unnamed (it is the only other number), the bonus is named. */
export function sumText(terms: readonly SumTerm[]): string {
  return terms.map((t, i) => `${i > 0 ? '+ ' : ''}${t.value}${t.kind === 'bot bonus' ? ' bot bonus' : ''}`).join(' ');
}

const at = (p: Pos) => `(${p.x}, ${p.y})`;

/**
 * "Purple attacked Green: 1 + 2.5 vs 2 — Purple won" / "…: 5 vs 2 + 3.5 — Green held"; with `where`, the
 * tiles too: "Purple attacked Green at (3, 4) from (2, 4): …".
 */
export function fightSentence(f: FightFacts, where?: { readonly from: Pos; readonly to: Pos }): FightPart[] {
  const sum = fightSum(f);
  const place = where ? ` at ${at(where.to)} from ${at(where.from)}` : '';
  return [
    { country: f.attacker },
    ' attacked ',
    { country: f.defender },
    `${place}: ${sumText(sum.attacker)} vs ${sumText(sum.defender)} — `,
    { country: f.won ? f.attacker : f.defender },
    f.won ? ' won' : ' held',
  ];
}

/** The parts as plain text, countries by name. */
export function partsText(parts: readonly FightPart[]): string {
  return parts.map((p) => (typeof p === 'string' ? p : countryLabel(p.country))).join('');
}

/** One part of the modifier, signed for the side the modifier favours. */
export interface ModifierPart {
  readonly label: string;
  readonly value: number;
}

export interface ModifierBreakdown {
  /** The country the modifier favours (null when it is 0) and by how much (never negative). */
  readonly favours: PlayableCountry | null;
  readonly value: number;
  /** Its parts, signed from the favoured side (the attacker's when it is 0); they add up to `value`. */
  readonly parts: readonly ModifierPart[];
}

const units = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * The modifier of `f` broken into its parts (RULES §4.4): forest +2, mountains, ±0.5 for each unit beside
 * either fighter. The engine's `warParts` counts them; here they are signed for the side they favour.
 */
export function modifierBreakdown(f: FightFacts & { readonly parts: WarParts }): ModifierBreakdown {
  const p = f.parts;
  const half = NEIGHBOUR_SUPPORT;
  // Signed for the attacker first (RULES §4.4's formula), then turned round if the modifier favours the defender.
  const forAttacker: ModifierPart[] = [];
  if (p.forest) forAttacker.push({ label: 'forest', value: p.forest });
  if (p.mountains) forAttacker.push({ label: 'mountains', value: -p.mountains });
  const a = countryLabel(f.attacker);
  const d = countryLabel(f.defender);
  if (p.attackerFriends)
    forAttacker.push({
      label: `${units(p.attackerFriends, 'friend', 'friends')} beside ${a}`,
      value: half * p.attackerFriends,
    });
  if (p.attackerFoes)
    forAttacker.push({ label: `${units(p.attackerFoes, 'foe', 'foes')} beside ${a}`, value: -half * p.attackerFoes });
  if (p.defenderFriends)
    forAttacker.push({
      label: `${units(p.defenderFriends, 'friend', 'friends')} beside ${d}`,
      value: -half * p.defenderFriends,
    });
  if (p.defenderFoes)
    forAttacker.push({ label: `${units(p.defenderFoes, 'foe', 'foes')} beside ${d}`, value: half * p.defenderFoes });
  if (f.war >= 0) return { favours: f.war > 0 ? f.attacker : null, value: f.war, parts: forAttacker };
  return {
    favours: f.defender,
    value: -f.war,
    parts: forAttacker.map((x) => ({ label: x.label, value: -x.value })),
  };
}
