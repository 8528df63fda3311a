/**
 * A fight's result: both dice and every modifier, so the player sees why it went the way it did. The
 * dice first tumble for a moment (skipped by a click on the card or any key, and not played at all under
 * reduced motion), then settle on the real rolls and the result shows. Only the card waits: the game
 * state and the bots have moved on already.
 */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countryLabel } from '../art/art';
import { ROLL_MS, diceRoll } from '../art/dice';
import { UnitIcon } from '../art/Emblem';
import type { FightView } from '../game/offline-session';
import { Die, RollingDie } from './Dice';
import { revealedFight } from './fight-reveal';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0');

/** What the card shows: the dice rolling, then the result. */
export type FightPhase = 'rolling' | 'result';

function Stat({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Stack gap={0} align="center">
      <Text size="md" fw={strong ? 800 : 600} ff="monospace" lh={1.2}>
        {value}
      </Text>
      <Text size="xs" c="dimmed" lh={1.1}>
        {label}
      </Text>
    </Stack>
  );
}

/**
 * Shows `fight` for `holdMs` after its result. `roll` plays the dice roll first (the live game); a
 * replay, where the player seeks through many fights, shows each result at once.
 */
export function FightCard({
  fight,
  holdMs = 3200,
  roll = true,
}: {
  fight: FightView | null;
  holdMs?: number;
  roll?: boolean;
}) {
  const [shown, setShown] = useState<{ fight: FightView; phase: FightPhase } | null>(null);
  useEffect(() => {
    if (fight) setShown({ fight, phase: roll && diceRoll() ? 'rolling' : 'result' });
  }, [fight, roll]);

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
  return (
    <Paper
      className="fb-fight"
      key={f.seq}
      radius="lg"
      p="sm"
      shadow="xl"
      withBorder
      data-testid="fight-card"
      data-phase={phase}
      // A click during the roll shows the result at once; a click on the result puts the card away.
      onClick={() => (rolling ? reveal() : setShown(null))}
    >
      <Group gap="md" wrap="nowrap" justify="center">
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
        <Stack gap={2} miw={150}>
          <Text
            className="fb-fight-title"
            fw={800}
            size="lg"
            ta="center"
            c={rolling ? undefined : f.won ? attackerColour : defenderColour}
          >
            {/* One fight's words, never the header's "wins" that ends a game. */}
            {rolling
              ? `${countryLabel(f.attacker)} attacks ${countryLabel(f.defender)}`
              : f.won
                ? `${countryLabel(f.attacker)} wins the fight`
                : `${countryLabel(f.defender)} holds`}
          </Text>
          <Group gap={10} justify="center" wrap="nowrap" className="fb-fight-math">
            <Stat label="dice" value={`${f.attackRoll} − ${f.defendRoll}`} />
            <Stat label="war" value={signed(f.war)} />
            {f.bonus ? <Stat label="bonus" value={signed(f.bonus)} /> : null}
            <Stat label="result" value={signed(f.result)} strong />
          </Group>
          <Text size="xs" c="dimmed" ta="center" className="fb-fight-rule">
            {f.won ? 'Over 0: the attacker takes the tile' : '0 or less: the attacker is lost'}
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
    </Paper>
  );
}
