/**
 * /game: the header, then the board, and the players: a side column on wide and landscape screens (the
 * turn's notices and "Since your turn", the players, the tile panel, the latest events and the fight card),
 * and on narrow ones a tray under the board (the one notice that matters most now, else what is left of
 * the turn with Next unit) above a bar that opens into a sheet. Nothing is drawn over the board
 * (ARCHITECTURE §7.11): the board only ever loses room to the layout.
 */
import { moveableTiles, samePos, tileAt, type Pos } from '@four-banners/engine';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAppState } from '../../app/app-state';
import { PageSpinner } from '../../app/PageSpinner';
import { createStore } from '../../app/store';
import { Board, type BoardHandle } from '../../board/Board';
import { homeTile } from '../../board/home';
import type { Marks } from '../../board/Overlays';
import type { FeedEntry } from '../feed';
import { actableUnits, bannerSpots, nextUnit, turnLeft } from '../next-unit';
import { overrideBotSpeed, useSession } from '../session-store';
import { linkOf, useLobby } from '../../online/lobby-store';
import { fetchGameLog } from '../../online/game-queries';
import './game-layout.css';
import { Announcer } from './Announcer';
import { BotBar } from './BotBar';
import { FightCard } from './FightCard';
import { useFeedAfterReveal } from './fight-reveal';
import { GameHeader } from './GameHeader';
import { FeedPanel } from './FeedPanel';
import { HandoffNotice } from './HandoffNotice';
import { PlayersDock } from './PlayersDock';
import { PlayersPanel } from './PlayersPanel';
import { ReconnectingGuard, ReconnectingNotice } from './Reconnecting';
import { TileInfo } from './TileInfo';
import { useGameKeys } from './use-game-keys';
import { AwayNotice } from './AwayNotice';
import { sinceWords } from './announce';
import { NextUnitButton } from './NextUnitButton';
import { canPassNow, guideRequests } from './pass-turn';
import { SinceYourTurnCard } from './SinceYourTurnCard';
import { useSinceYourTurn, type EarlierLog } from './use-since-your-turn';
import { useTurnClock } from './turn-clock';
import { TurnLeftLine } from './TurnLeftLine';

/** Screens wide enough, or landscape enough, for a side column beside the board. */
const SIDE_QUERY = '(min-width: 900px), (min-width: 640px) and (orientation: landscape)';
const NO_FEED: readonly FeedEntry[] = [];
/** An online game's log from the server, through a seq (the events before a snapshot the session began from). */
const serverLogThrough: EarlierLog = (lobbyId, through, signal) => fetchGameLog(lobbyId, signal, 0, through);

export function GameScreen() {
  const { speed } = useSearch({ from: '/_fullscreen/game' });
  useEffect(() => {
    overrideBotSpeed(speed ?? null);
    return () => overrideBotSpeed(null);
  }, [speed]);

  const { session, snap } = useSession();
  // The feed names a fight's winner only once the fight card's dice have settled.
  const feed = useFeedAfterReveal(snap?.feed ?? NO_FEED, snap?.lastFight ?? null);
  const restoring = useAppState((s) => s.status === 'loading');
  // Online, the board waits (visibly) while the connection is down or catching up.
  const link = useLobby(linkOf);
  // Clicks on the board the guard refused while the connection was down (the notice says so); none once back.
  const [refused, setRefused] = useState(0);
  if (link === 'live' && refused !== 0) setRefused(0);
  const presence = useLobby((l) => l.presence);
  const clock = useTurnClock();
  const side = useMediaQuery(SIDE_QUERY, true, { getInitialValueInEffect: false });
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
  // Where the board opens: this device's units (its country on turn first, for hot-seat).
  const players = snap?.lobby.players;
  const playerId = session?.playerId;
  const focus = useMemo(() => {
    if (!game || !players) return null;
    const mine = players
      .filter((p) => !p.bot && p.country >= 0 && (p.id === playerId || p.local?.ownerId === playerId))
      .map((p) => p.country);
    return homeTile(game, active !== null && mine.includes(active) ? [active] : mine);
  }, [game, players, playerId, active]);

  // A selection only lives while its unit can still act for the active country.
  const moveable = useMemo(
    () => (game && selected && active !== null ? moveableTiles(game, selected, active) : []),
    [game, selected, active],
  );
  useEffect(() => {
    if (selected && moveable.length === 0) setSelected(null);
  }, [selected, moveable]);

  // What happened since this country's last turn: a card, and its tiles marked until the player acts.
  const since = useSinceYourTurn(session, snap, session?.online ? serverLogThrough : undefined);
  const changed = since?.marks;

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
      changed,
    };
  }, [moveable, selected, game, active, snap?.lastMove, changed]);

  // Next unit (the button, N, the pass-turn dialog): the next unit that can still act after the one
  // selected (or the one last picked), selected and brought into view.
  const ready = useMemo(() => (game ? actableUnits(game, active) : []), [game, active]);
  // What is left of the turn, for the phone's tray.
  const left = useMemo(() => (game && !side ? turnLeft(game, active) : null), [game, active, side]);
  const lastPicked = useRef<Pos | null>(null);
  // Each turn goes through its units from the first.
  const turnCount = game?.turn.count;
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new turn (or country on turn) is the trigger
  useEffect(() => {
    lastPicked.current = null;
  }, [turnCount, active]);
  const goToNextUnit = () => {
    if (!session || !canPassNow(session)) return;
    const s = session.snapshot;
    const next = nextUnit(s.lobby.game, s.active, selected ?? lastPicked.current);
    if (!next) return;
    lastPicked.current = next;
    setSelected(next);
    hover.set(next);
    board.current?.centerOn(next);
  };
  // With only banners left, the dialog's "Show banner spots": nothing selected (so the spots show), the
  // cursor on the first one.
  const showBannerSpots = () => {
    setSelected(null);
    const s = session?.snapshot;
    const first = s ? bannerSpots(s.lobby.game, s.active)[0] : undefined;
    if (!first) return;
    hover.set(first);
    board.current?.centerOn(first);
  };
  const guide = useRef({ goToNextUnit, showBannerSpots });
  guide.current = { goToNextUnit, showBannerSpots };
  // One function for the whole visit, so the (memoised) Next unit button does not render on each game step.
  const nextUnitClick = useCallback(() => guide.current.goToNextUnit(), []);
  useEffect(
    () =>
      guideRequests.subscribe(() => {
        const r = guideRequests.get();
        if (r?.kind === 'next-unit') guide.current.goToNextUnit();
        else if (r?.kind === 'banner-spots') guide.current.showBannerSpots();
      }),
    [],
  );

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

  useGameKeys({ session, hover, board, onTileClick, deselect: () => setSelected(null), nextUnit: goToNextUnit });

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

  const tileInfo = (
    <TileInfo
      game={game}
      hover={hover}
      selected={marks.selected}
      attackable={(p) => marks.attacks.some((a) => samePos(a, p))}
    />
  );
  const online = session.online ? presence : undefined;
  // Beside the board when there is a side column, so it never covers tiles the player wants to click.
  const fightCard = <FightCard fight={snap.lastFight} />;
  const sinceCard =
    since && !since.dismissed ? (
      <SinceYourTurnCard
        report={since.report}
        turnKey={since.key}
        onDismiss={since.dismiss}
        startOpen={side}
        acted={since.acted}
      />
    ) : null;
  const nextUnitButton = (
    <NextUnitButton
      count={ready.length}
      onClick={nextUnitClick}
      disabled={!canPassNow(session) || ready.length === 0}
    />
  );
  const handoff = <HandoffNotice snap={snap} />;
  const botBar = <BotBar session={session} snap={snap} />;
  const away = session.online ? <AwayNotice lobby={snap.lobby} me={session.playerId} /> : null;
  const reconnecting = session.online && link !== 'live' ? <ReconnectingNotice link={link} refused={refused} /> : null;
  return (
    <div
      className="fb-game"
      data-testid="game"
      data-active={active ?? 'none'}
      data-turn={game.turn.count}
      data-layout={side ? 'side' : 'dock'}
    >
      <GameHeader session={session} snap={snap} board={board} clock={clock} nextUnit={side ? nextUnitButton : null} />
      <Announcer game={game} marks={marks} news={since ? { key: since.key, text: sinceWords(since.report) } : null} />
      <div className="fb-game-body">
        <div className="fb-game-stage" data-testid="game-stage">
          <Board ref={board} game={game} marks={marks} onTileClick={onTileClick} hover={hover} focus={focus} />
          {session.online && link !== 'live' && <ReconnectingGuard onRefused={() => setRefused((n) => n + 1)} />}
        </div>
        {side ? (
          <div className="fb-game-side" data-testid="game-side">
            <div className="fb-side-notices" data-testid="game-notices">
              {reconnecting}
              {away}
              {handoff}
              {botBar}
            </div>
            {sinceCard}
            <PlayersPanel lobby={snap.lobby} presence={online} me={session.playerId} clock={clock} />
            <div className="fb-side-tile">{tileInfo}</div>
            <FeedPanel feed={feed} />
            {/* At the column's foot, so the card coming and going never moves the board or the panels. */}
            <div className="fb-side-fight">{fightCard}</div>
          </div>
        ) : (
          <>
            {/* One slot of fixed height: the first of these that has something to say shows (game-layout.css). */}
            <div className="fb-tray" data-testid="game-notices">
              {reconnecting}
              {away}
              {fightCard}
              {botBar}
              {/* Here it has done its work once the player acts: what is left of the turn takes the slot. */}
              {since?.acted ? null : sinceCard}
              {handoff}
              <div className="fb-tray-tile">{tileInfo}</div>
              {left && canPassNow(session) ? <TurnLeftLine left={left} nextUnit={nextUnitButton} /> : null}
            </div>
            <PlayersDock
              lobby={snap.lobby}
              presence={online}
              me={session.playerId}
              feed={feed}
              board={board}
              clock={clock}
            />
          </>
        )}
      </div>
    </div>
  );
}
