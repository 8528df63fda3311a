/** The seven tutorial pages (ARCHITECTURE §7.3): together they teach what a first game needs (RULES "How to play"). */
import { Kbd, List, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { BannerIcon, UnitIcon } from '../art/Emblem';
import { CHEST_MARKUP, FOREST_MARKUP, MOUNTAINS_MARKUP } from '../art/art';

export interface TutorialPage {
  readonly title: string;
  readonly art: ReactNode;
  readonly body: ReactNode;
}

function Art({ markup, size = 56 }: { markup: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the game's own art, built from constants in art.ts, never text from a player */}
      <g dangerouslySetInnerHTML={{ __html: markup }} />
    </svg>
  );
}

const row = (...items: ReactNode[]) => <div className="fb-tutorial-art">{items}</div>;

export const TUTORIAL_PAGES: readonly TutorialPage[] = [
  {
    title: 'Welcome',
    art: row(
      <UnitIcon key="0" country={0} size={56} />,
      <UnitIcon key="1" country={1} size={56} />,
      <UnitIcon key="2" country={2} size={56} />,
      <UnitIcon key="3" country={3} size={56} />,
    ),
    body: (
      <>
        <Text>
          Welcome to <b>Four Banners</b>! Up to four countries — green, purple, red and yellow — fight for the land of a
          square map. Each country also has its own emblem: a circle, a diamond, a triangle and a star.
        </Text>
        <Text mt="sm">Raise banners, lead your units and take the map, one tile at a time.</Text>
      </>
    ),
  },
  {
    title: 'Movement',
    art: row(<UnitIcon key="u" country={0} size={64} />),
    body: (
      <List spacing="xs">
        <List.Item>Select one of your units, then click a highlighted tile.</List.Item>
        <List.Item>
          Units move <b>once per turn</b>, one tile in any of the <b>8 directions</b>.
        </List.Item>
        <List.Item>
          A unit that has moved may still attack, but a unit <b>cannot move after attacking</b>.
        </List.Item>
      </List>
    ),
  },
  {
    title: 'Attacking',
    art: row(
      <UnitIcon key="a" country={0} size={56} />,
      <span key="vs" className="fb-vs">
        vs
      </span>,
      <UnitIcon key="d" country={2} size={56} />,
    ),
    body: (
      <>
        <List spacing="xs">
          <List.Item>
            Units attack <b>once per turn</b>, an enemy next to them in any of the <b>8 directions</b>.
          </List.Item>
          <List.Item>
            Both sides roll a die. Your <b>power is the dice roll plus the modifier</b>; beat the defender and your unit
            takes the tile, fail (a tie too) and it is lost.
          </List.Item>
        </List>
        <Text mt="sm" size="sm" c="dimmed">
          The modifier: +2 attacking from a forest, +2 defending on mountains, +0.5 for each of your units next to your
          attacker and −0.5 for each enemy unit there (the other way round beside the defender). The fight card shows
          the sum, the modifier on the side it favours: “1 + 2.5 vs 2 — Purple won”.
        </Text>
      </>
    ),
  },
  {
    title: 'Bonuses',
    art: row(
      <BannerIcon key="b" country={0} size={56} />,
      <Art key="c" markup={CHEST_MARKUP} />,
      <Art key="m" markup={MOUNTAINS_MARKUP} />,
      <Art key="f" markup={FOREST_MARKUP} />,
    ),
    body: (
      <List spacing="xs">
        <List.Item>
          <b>All players get 1 banner</b> on every banner turn.
        </List.Item>
        <List.Item>
          On a chest turn a <b>chest appears on a random tile</b>: the <b>first unit there gets 1 banner</b>.
        </List.Item>
        <List.Item>
          Banners are placed on the <b>white banner tiles</b> (your own unsettled land). A banner settles the land
          around it and raises a new unit at the start of each of your turns while it stands empty.
        </List.Item>
      </List>
    ),
  },
  {
    title: 'Turns',
    art: row(
      <UnitIcon key="0" country={0} size={44} />,
      <UnitIcon key="1" country={1} size={44} />,
      <BannerIcon key="b" country={3} size={44} />,
      <UnitIcon key="2" country={2} size={44} />,
    ),
    body: (
      <>
        <Text>
          Countries play in turn. Between rounds come banner turns and chest turns. The strip at the top shows the last
          four and the next four turns.
        </Text>
        <Text mt="sm">
          <b>Next unit</b> (<Kbd>N</Kbd>) picks a unit that can still act. When you are done, <b>pass the turn</b> (
          <Kbd>Enter</Kbd>); the bots then play theirs while you watch, and <b>Since your turn</b> tells you what they
          did to you.
        </Text>
      </>
    ),
  },
  {
    title: 'How To Win',
    art: row(<BannerIcon key="b" country={2} size={56} />, <UnitIcon key="u" country={0} size={56} />),
    body: (
      <List spacing="xs">
        <List.Item>
          <b>Staying on enemy tiles conquers them</b>: a unit that starts your turn on enemy land takes it. Hold an
          enemy banner to take it too.
        </List.Item>
        <List.Item>
          <b>Win by destroying all enemies</b>: a country with no banner, no unit and no land left to settle is out.
        </List.Item>
      </List>
    ),
  },
  {
    title: 'Enjoy',
    art: row(<UnitIcon key="0" country={0} size={64} />),
    body: (
      <>
        <Text>You are ready. Good luck, commander!</Text>
        <Text mt="sm" size="sm" c="dimmed">
          Keys on the map: arrows move the cursor and <Kbd>Space</Kbd> acts on its tile (or skips the bots),{' '}
          <Kbd>N</Kbd> selects the next unit that can act, <Kbd>Enter</Kbd> passes the turn, <Kbd>Esc</Kbd> deselects,{' '}
          <Kbd>+</Kbd>/<Kbd>−</Kbd> zoom, <Kbd>WASD</Kbd> pan, <Kbd>F</Kbd> fits the map. This tutorial is always in
          Settings.
        </Text>
      </>
    ),
  },
];
