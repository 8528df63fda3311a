/**
 * A fight's result: both dice and the modifier with its parts, as a sum with each term on the side it
 * favours (game/fight-words.ts), so the player sees why it went the way it did. The
 * dice first tumble for a moment (skipped by a click on the card or any key, and not played at all under
 * reduced motion), then settle on the real rolls and the result shows. Only the card waits: the game
 * state and the bots have moved on already.
 */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countryLabel } from '../../art/art';
import { ROLL_MS, diceRoll } from '../../art/dice';
import { UnitIcon } from '../../art/Emblem';
import type { FightView } from '../action-view';
import { fightSentence, fightSum, modifierBreakdown, partsText, signed, type SumTerm } from '../fight-words';
import { Die, RollingDie } from './Dice';
import { revealedFight } from './fight-reveal';

/** What the card shows: the dice rolling, then the result. */
export type FightPhase = 'rolling' | 'result';

type Shown = { readonly fight: FightView; readonly phase: FightPhase } | null;

/**
 * Shows `fight` for `holdMs` after its result. `roll` plays the dice roll first and lets the card rise in
 * (the live game); a replay, where the player seeks through many fights, shows each result at once and
 * in place: a new fight rewrites the card in the same render, with no second render and no new card.
 */
export function FightCard({
  fight,
  holdMs = 4500,
  roll = true,
}: {
  fight: FightView | null;
  holdMs?: number;
  roll?: boolean;
}) {
  const showing = (f: FightView | null): Shown =>
    f ? { fight: f, phase: roll && diceRoll() ? 'rolling' : 'result' } : null;
  const [shown, setShown] = useState<Shown>(() => showing(fight));
  // A new fight shows at once; the card stays up after the fight is gone from the game until its hold ends.
  const [given, setGiven] = useState(fight);
  if (given !== fight) {
    setGiven(fight);
    if (fight) setShown(showing(fight));
  }

  const phase = shown?.phase;
  const reveal = () => setShown((s) => (s && s.phase === 'rolling' ? { ...s, phase: 'result' } : s));
  // biome-ignore lint/correctness/useExhaustiveDependencies: reveal only updates state from its previous value; listing it would restart the roll on every render
  useEffect(() => {
    if (!shown) return;
    if (shown.phase === 'result') {
      revealedFight.set(shown.fight);
      const t = setTimeout(() => setShown(null), holdMs);
      return () => clearTimeout(t);
    }
    // Rolling: the result comes after the roll, or at once on any key (the key still does its own job).
    const t = setTimeout(reveal, ROLL_MS);
    const onKey = (e: KeyboardEvent) => {
      if (!['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) reveal();
    };
    window.addEventListener('keydown', onKey);
    return () => {
      clearTimeout(t);
      window.removeEventListener('keydown', onKey);
    };
  }, [shown, holdMs]);

  if (!shown) return null;
  const f = shown.fight;
  const rolling = phase === 'rolling';
  const attackerColour = COUNTRY_COLOURS[f.attacker];
  const defenderColour = COUNTRY_COLOURS[f.defender];
  const sum = fightSum(f);
  const modifier = modifierBreakdown(f);
  return (
    <Paper
      // The live card is new for each fight, so it rises in again; a replay's stays and is rewritten.
      className={roll ? 'fb-fight fb-fight-rise' : 'fb-fight'}
      key={roll ? f.seq : undefined}
      radius="lg"
      p="sm"
      shadow="xl"
      withBorder
      data-testid="fight-card"
      data-phase={phase}
      data-sentence={rolling ? undefined : partsText(fightSentence(f))}
      // A click during the roll shows the result at once; a click on the result puts the card away.
      onClick={() => (rolling ? reveal() : setShown(null))}
    >
      <Group gap="sm" wrap="nowrap" justify="center" align="flex-start">
        <Stack gap={2} align="center">
          <UnitIcon country={f.attacker} size={30} title={countryLabel(f.attacker)} />
          {rolling ? (
            <RollingDie value={f.attackRoll} colour={attackerColour} salt={f.seq * 2} />
          ) : (
            <Die value={f.attackRoll} colour={attackerColour} settled />
          )}
          <Text size="xs" c="dimmed">
            attacker
          </Text>
        </Stack>
        <Stack gap={4} miw={150} style={{ flex: 1 }} align="center">
          {/* One fight's words (fight-words.ts), never the header's "wins" that ends a game. */}
          <Text className="fb-fight-title" fw={700} size="sm" ta="center">
            {countryLabel(f.attacker)} {rolling ? 'attacks' : 'attacked'} {countryLabel(f.defender)}
          </Text>
          <Text className="fb-fight-math" size="md" fw={700} ff="monospace" ta="center" lh={1.3}>
            <Side terms={sum.attacker} total={sum.attackerTotal} />{' '}
            <span className="fb-fight-side">
              <Text span inherit c="dimmed" ff="inherit">
                vs
              </Text>{' '}
              <Side terms={sum.defender} total={sum.defenderTotal} />
            </span>
          </Text>
          <Text
            className="fb-fight-outcome"
            fw={800}
            size="lg"
            ta="center"
            lh={1.2}
            c={f.won ? attackerColour : defenderColour}
          >
            {f.won ? `${countryLabel(f.attacker)} won` : `${countryLabel(f.defender)} held`}
          </Text>
        </Stack>
        <Stack gap={2} align="center">
          <UnitIcon country={f.defender} size={30} title={countryLabel(f.defender)} />
          {rolling ? (
            <RollingDie value={f.defendRoll} colour={defenderColour} salt={f.seq * 2 + 1} />
          ) : (
            <Die value={f.defendRoll} colour={defenderColour} settled />
          )}
          <Text size="xs" c="dimmed">
            defender
          </Text>
        </Stack>
      </Group>
      <Text size="xs" c="dimmed" ta="center" mt={4} className="fb-fight-rule" data-testid="fight-modifier">
        {modifier.favours === null && modifier.parts.length === 0
          ? 'No modifier: the dice alone'
          : `Modifier ${modifier.favours === null ? '±0' : `+${modifier.value} for ${countryLabel(modifier.favours)}`}`}
        {modifier.parts.length > 0 ? `: ${modifier.parts.map((p) => `${p.label} ${signed(p.value)}`).join(' · ')}` : ''}
        {f.bonus ? ` · bot bonus +${Math.abs(f.bonus)} for ${countryLabel(f.bonus > 0 ? f.attacker : f.defender)}` : ''}
        {'. '}
        {sum.attackerTotal === sum.defenderTotal ? 'A tie is the defender’s.' : 'The bigger side wins.'}
      </Text>
    </Paper>
  );
}

/** One side of the sum, "4 + 1 + 4 bot bonus = 9": the die, what favours that side, and the total when there is more than the die. */
function Side({ terms, total }: { terms: readonly SumTerm[]; total: number }) {
  return (
    <span className="fb-fight-side">
      {terms.map((t, i) => (
        <span key={t.kind}>
          {i > 0 ? ' + ' : ''}
          {t.value}
          {t.kind === 'bot bonus' ? (
            <Text span size="xs" c="dimmed" ff="text" fw={600}>
              {' '}
              bot bonus
            </Text>
          ) : null}
        </span>
      ))}
      {terms.length > 1 ? ` = ${total}` : ''}
    </span>
  );
}
