/** What the hovered tile is, in words (and the odds of an attack on it): colour is never the only cue. */
import { LANDMARK, TILE_TYPE, tileAt, warModifier, type GameData, type Pos } from '@four-banners/engine';
import { Paper, Text } from '@mantine/core';
import { useStore, type Store } from '../../app/store';
import { countryLabel, EMBLEM_NAMES } from '../../art/art';
import { attackOdds } from '../../board/odds';
import { signed } from '../fight-words';
import { UNIT_STATE_WORDS, unitState } from '../../board/unit-state';

const LANDMARK_NAMES: Record<number, string> = {
  [LANDMARK.banner]: 'banner',
  [LANDMARK.mountains]: 'mountains (+2 defending)',
  [LANDMARK.forest]: 'forest (+2 attacking from here)',
  [LANDMARK.chest]: 'chest (+1 banner)',
};

export function TileInfo({
  game,
  hover,
  selected,
  attackable,
}: {
  game: GameData;
  hover: Store<Pos | null>;
  selected: Pos | null;
  attackable: (p: Pos) => boolean;
}) {
  const p = useStore(hover);
  const tile = p ? tileAt(game, p.x, p.y) : undefined;
  if (!p || !tile) return null;
  const owner = tile.owner >= 0 ? `${countryLabel(tile.owner)} (${EMBLEM_NAMES[tile.owner as 0]})` : 'No one';
  const kind = tile.type === TILE_TYPE.settled ? 'Settled' : 'Nomad';
  const landmark = LANDMARK_NAMES[tile.landmark];
  const unit = tile.unit;
  const state = unitState(tile);
  let odds: string | null = null;
  if (selected && attackable(p)) {
    const war = warModifier(game, selected, p);
    odds = `Attack: ${attackOdds(game, selected, p)}% to win · modifier ${signed(war)}`;
  }
  return (
    <Paper className="fb-tileinfo" p="xs" radius="md" withBorder data-testid="tile-info">
      <Text size="xs" c="dimmed">
        ({p.x}, {p.y})
      </Text>
      <Text size="sm" fw={600}>
        {owner} · {kind}
        {landmark ? ` · ${landmark}` : ''}
      </Text>
      {unit ? (
        <Text size="sm">
          {countryLabel(unit.id)} unit · {state ? UNIT_STATE_WORDS[state] : ''}
        </Text>
      ) : null}
      {odds ? (
        <Text size="sm" fw={700} data-testid="attack-odds">
          {odds}
        </Text>
      ) : null}
    </Paper>
  );
}
