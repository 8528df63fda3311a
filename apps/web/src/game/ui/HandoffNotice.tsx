/**
 * When the turn comes back to a person: "Your turn" after the bots; with hot-seat players, whose
 * hands the device goes to.
 */
import { COUNTRY_COLOURS, playerOfCountry } from '@four-banners/engine';
import { Group, Paper, Text } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { countryLabel } from '../../art/art';
import { UnitIcon } from '../../art/Emblem';
import type { SessionSnapshot } from '../session';
import { controlledHere, playerLabel } from '../seats';

export function HandoffNotice({ snap }: { snap: SessionSnapshot }) {
  const [shown, setShown] = useState<number | null>(null);
  const previous = useRef<number | null>(snap.active);
  const people = snap.lobby.players.filter((p) => controlledHere(p)).length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a change in how many people play here resets the notice as a change of turn does
  useEffect(() => {
    const now = snap.active;
    // The notice belongs to the turn it announced: it goes as soon as that turn is passed.
    if (now === null) setShown(null);
    if (now !== null && now !== previous.current) {
      setShown(now);
      const t = setTimeout(() => setShown(null), 2600);
      previous.current = now;
      return () => clearTimeout(t);
    }
    previous.current = now;
    return undefined;
  }, [snap.active, people]);
  if (shown === null) return null;
  return (
    <Paper
      className="fb-handoff"
      radius="xl"
      px="lg"
      py="xs"
      shadow="xl"
      withBorder
      data-testid="handoff"
      role="status"
    >
      {/* On a narrow board the words after the country go to a second line rather than being cut. */}
      <Group gap="sm" wrap="wrap" justify="center" style={{ rowGap: 0 }}>
        <UnitIcon country={shown} size={30} />
        <Text fw={700} c={COUNTRY_COLOURS[shown]}>
          {countryLabel(shown)}'s turn
        </Text>
        {people > 1 ? (
          <Text c="dimmed">— pass the device to {playerLabel(playerOfCountry(snap.lobby, shown))}</Text>
        ) : (
          <Text c="dimmed">— your move</Text>
        )}
      </Group>
    </Paper>
  );
}
