/** A fight's result: both dice and every modifier, so the player sees why it went the way it did. */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { Group, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countryLabel } from '../../../art/art';
import { UnitIcon } from '../../../art/Emblem';
import type { FightView } from '../../../game/offline-session';
import { Die } from './Dice';

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${Math.abs(n)}` : '±0');

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

export function FightCard({ fight, holdMs = 3200 }: { fight: FightView | null; holdMs?: number }) {
  const [visible, setVisible] = useState<FightView | null>(null);
  useEffect(() => {
    if (!fight) return;
    setVisible(fight);
    const t = setTimeout(() => setVisible(null), holdMs);
    return () => clearTimeout(t);
  }, [fight, holdMs]);
  if (!visible) return null;
  const f = visible;
  return (
    <Paper className="fb-fight" key={f.seq} radius="lg" p="sm" shadow="xl" withBorder data-testid="fight-card" onClick={() => setVisible(null)}>
      <Group gap="md" wrap="nowrap" justify="center">
        <Stack gap={2} align="center">
          <UnitIcon country={f.attacker} size={30} title={countryLabel(f.attacker)} />
          <Die value={f.attackRoll} colour={COUNTRY_COLOURS[f.attacker]} />
          <Text size="xs" c="dimmed">
            attacker
          </Text>
        </Stack>
        <Stack gap={2} miw={150}>
          <Text className="fb-fight-title" fw={800} size="lg" ta="center" c={f.won ? COUNTRY_COLOURS[f.attacker] : COUNTRY_COLOURS[f.defender]}>
            {/* One fight's words, never the header's "wins" that ends a game. */}
            {f.won ? `${countryLabel(f.attacker)} wins the fight` : `${countryLabel(f.defender)} holds`}
          </Text>
          <Group gap={10} justify="center" wrap="nowrap" className="fb-fight-math">
            <Stat label="dice" value={`${f.attackRoll} − ${f.defendRoll}`} />
            <Stat label="war" value={signed(f.war)} />
            {f.bonus ? <Stat label="bonus" value={signed(f.bonus)} /> : null}
            <Stat label="result" value={signed(f.result)} strong />
          </Group>
          <Text size="xs" c="dimmed" ta="center">
            {f.won ? 'Over 0: the attacker takes the tile' : '0 or less: the attacker is lost'}
          </Text>
        </Stack>
        <Stack gap={2} align="center">
          <UnitIcon country={f.defender} size={30} title={countryLabel(f.defender)} />
          <Die value={f.defendRoll} colour={COUNTRY_COLOURS[f.defender]} />
          <Text size="xs" c="dimmed">
            defender
          </Text>
        </Stack>
      </Group>
    </Paper>
  );
}
