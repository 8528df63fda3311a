/** What the hovered tile is, in words (and the odds of an attack on it): colour is never the only cue. */
import {
  LANDMARK,
  attackWinChance,
  TILE_TYPE,
  tileAt,
  warModifier,
  type GameData,
  type Pos,
} from '@four-banners/engine';
import { Paper, Text } from '@mantine/core';
import { useStore, type Store } from '../../../app/store';
import { countryLabel, EMBLEM_NAMES } from '../../../art/art';

const LANDMARK_NAMES: Record<number, string> = {
  [LANDMARK.banner]: 'banner',
  [LANDMARK.mountains]: 'mountains (+2 defending)',
  [LANDMARK.forest]: 'forest (+2 attacking from here)',
  [LANDMARK.chest]: 'chest (+1 banner)',
};

export function TileInfo({ game, hover, selected, attackable }: { game: GameData; hover: Store<Pos | null>; selected: Pos | null; attackable: (p: Pos) => boolean }) {
  const p = useStore(hover);
  const tile = p ? tileAt(game, p.x, p.y) : undefined;
  if (!p || !tile) return null;
  const owner = tile.owner >= 0 ? `${countryLabel(tile.owner)} (${EMBLEM_NAMES[tile.owner as 0]})` : "No one";
  const kind = tile.type === TILE_TYPE.settled ? 'Settled' : 'Nomad';
  const landmark = LANDMARK_NAMES[tile.landmark];
  const unit = tile.unit;
  let odds: string | null = null;
  if (selected && attackable(p)) {
    const war = warModifier(game, selected, p);
    odds = `Attack: war modifier ${war > 0 ? '+' : ''}${war} · ${Math.round(attackWinChance(war) * 100)}% to win`;
  }
  return (
    <Paper className="fb-tileinfo" p="xs" radius="md" withBorder>
      <Text size="xs" c="dimmed">
        ({p.x}, {p.y})
      </Text>
      <Text size="sm" fw={600}>
        {owner} · {kind}
        {landmark ? ` · ${landmark}` : ''}
      </Text>
      {unit ? (
        <Text size="sm">
          {countryLabel(unit.id)} unit{unit.attacked ? ' · has attacked' : unit.moved ? ' · has moved' : ' · ready'}
        </Text>
      ) : null}
      {odds ? (
        <Text size="sm" fw={700}>
          {odds}
        </Text>
      ) : null}
    </Paper>
  );
}
