/** /game: the header, the board and the overlays of the offline game in progress. */
import {
  actable,
  findCountry,
  moveableTiles,
  samePos,
  tileAt,
  type GameData,
  type PlayableCountry,
  type Pos,
} from '@four-banners/engine';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useSearch } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useAppState } from '../../../app/app-state';
import { PageSpinner } from '../../../app/PageSpinner';
import { createStore } from '../../../app/store';
import { Board, type BoardHandle } from '../../../board/Board';
import type { Marks } from '../../../board/Overlays';
import { overrideBotSpeed, useSession } from '../../../game/session-store';
import { linkOf, useLobby } from '../../../online/lobby-store';
import { BotBar } from './BotBar';
import { FightCard } from './FightCard';
import { GameHeader } from './GameHeader';
import { FeedPanel } from './FeedPanel';
import { HandoffNotice } from './HandoffNotice';
import { ReconnectingOverlay } from './ReconnectingOverlay';
import { TileInfo } from './TileInfo';
import { useGameKeys } from './use-game-keys';

/** Legal banner spots of `country` right now, asked of the engine tile by tile. */
function bannerSpots(game: GameData, country: PlayableCountry | null): Pos[] {
  if (country === null || (findCountry(game, country)?.banners ?? 0) <= 0) return [];
  const out: Pos[] = [];
  for (const t of game.tiles) {
    if (t.owner !== country || t.unit || t.landmark !== -1 || t.type !== 0) continue;
    if (actable(game, { id: 'place_banner', info: { country, x: t.pos.x, y: t.pos.y } }).ok) out.push(t.pos);
  }
  return out;
}

export function GameScreen() {
  const { speed } = useSearch({ from: '/_fullscreen/game' });
  useEffect(() => {
    overrideBotSpeed(speed ?? null);
    return () => overrideBotSpeed(null);
  }, [speed]);

  const { session, snap } = useSession();
  const restoring = useAppState((s) => s.status === 'loading');
  // Online, the board waits (visibly) while the connection is down or catching up.
  const link = useLobby(linkOf);
  // Bots play while the board is on screen (a loaded or restored game starts here too).
  useEffect(() => {
    session?.resume();
    return () => session?.pause();
  }, [session]);
  const [selected, setSelected] = useState<Pos | null>(null);
  const hover = useMemo(() => createStore<Pos | null>(null), []);
  const board = useRef<BoardHandle>(null);

  const game = snap?.lobby.game;
  const active = snap?.active ?? null;

  // A selection only lives while its unit can still act for the active country.
  const moveable = useMemo(
    () => (game && selected && active !== null ? moveableTiles(game, selected, active) : []),
    [game, selected, active],
  );
  useEffect(() => {
    if (selected && moveable.length === 0) setSelected(null);
  }, [selected, moveable]);

  const marks: Marks = useMemo(() => {
    const moves: Pos[] = [];
    const attacks: Pos[] = [];
    for (const p of moveable) (game && tileAt(game, p.x, p.y)?.unit ? attacks : moves).push(p);
    return {
      selected: moveable.length > 0 ? selected : null,
      moves,
      attacks,
      bannerSpots: game && !selected ? bannerSpots(game, active) : [],
      lastMove: snap?.lastMove ?? null,
    };
  }, [moveable, selected, game, active, snap?.lastMove]);

  const onTileClick = (p: Pos) => {
    if (!session || !game || active === null) return;
    if (selected && moveable.some((m) => samePos(m, p))) {
      session.act({ id: 'move_unit', info: { country: active, from: selected, to: p } });
      const after = session.snapshot.lobby.game;
      const unit = tileAt(after, p.x, p.y)?.unit;
      setSelected(unit?.id === active && moveableTiles(after, p, active).length > 0 ? p : null);
      return;
    }
    const tile = tileAt(game, p.x, p.y);
    if (tile?.unit?.id === active && moveableTiles(game, p, active).length > 0) {
      setSelected(selected && samePos(selected, p) ? null : p);
      return;
    }
    if (session.act({ id: 'place_banner', info: { country: active, x: p.x, y: p.y } })) {
      setSelected(null);
      return;
    }
    setSelected(null);
  };

  useGameKeys({ session, hover, board, onTileClick, deselect: () => setSelected(null) });

  if (!session || !snap || !game) {
    if (restoring) return <PageSpinner />;
    return (
      <div className="fb-nogame">
        <Paper p="xl" radius="lg" withBorder maw={420}>
          <Stack align="center" gap="md">
            <Title order={2}>No game in progress</Title>
            <Text c="dimmed" ta="center">
              Start a new game against bots, or continue one of your saved games.
            </Text>
            <Button component={Link} to="/lobby" size="md" fullWidth>
              New game
            </Button>
            <Button component={Link} to="/saves" variant="default" fullWidth>
              Saved games
            </Button>
            <Button component={Link} to="/main-menu" variant="subtle" color="gray" fullWidth>
              Main menu
            </Button>
          </Stack>
        </Paper>
      </div>
    );
  }

  return (
    <div className="fb-game" data-testid="game" data-active={active ?? 'none'} data-turn={game.turn.count}>
      <GameHeader session={session} snap={snap} board={board} />
      <div className="fb-game-stage">
        <HandoffNotice snap={snap} />
        <Board ref={board} game={game} marks={marks} onTileClick={onTileClick} hover={hover} />
        <div className="fb-overlay-top">
          <BotBar session={session} snap={snap} />
        </div>
        <div className="fb-overlay-bottom">
          <FightCard fight={snap.lastFight} />
        </div>
        <FeedPanel feed={snap.feed} />
        {session.online && link !== 'live' && <ReconnectingOverlay link={link} />}
        <TileInfo game={game} hover={hover} selected={marks.selected} attackable={(p) => marks.attacks.some((a) => samePos(a, p))} />
      </div>
    </div>
  );
}
