/** The "whose turn" badge of the game and replay headers: the country's unit, a title and a line under it. */
import { COUNTRY_COLOURS, type PlayableCountry } from '@four-banners/engine';
import { Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { countryLabel } from '../../art/art';
import { UnitIcon } from '../../art/Emblem';

/** The badge's title: the winner once the game is over, else whose turn it is. */
export function turnTitle(over: boolean, won: PlayableCountry | null, turn: PlayableCountry | null): string {
  if (over) return won !== null ? `${countryLabel(won)} wins` : 'Game over';
  return turn !== null ? `${countryLabel(turn)}'s turn` : 'Next turn…';
}

export function WhoseTurn({
  country,
  title,
  subtitle,
  subtitleColour = 'dimmed',
  testId,
}: {
  country: PlayableCountry | null;
  title: ReactNode;
  subtitle: ReactNode;
  subtitleColour?: string;
  testId: string;
}) {
  const colour = country !== null ? COUNTRY_COLOURS[country] : undefined;
  return (
    <div className="fb-whose" data-testid={testId} aria-live="polite" style={{ borderColor: colour }}>
      {country !== null ? <UnitIcon country={country} size={30} /> : null}
      <div className="fb-whose-text">
        <Text size="sm" fw={800} lh={1.1} truncate c={colour}>
          {title}
        </Text>
        <Text size="xs" c={subtitleColour} lh={1.2} truncate>
          {subtitle}
        </Text>
      </div>
    </div>
  );
}
