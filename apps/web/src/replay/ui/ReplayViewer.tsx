/**
 * The replay viewer: any game's log (online, the offline game, a save, an imported file, a live game
 * being watched), folded with the engine and shown read-only: the board, the event in words, the
 * players, a chart of land and units, and playback by event and by turn. The route that shows it owns
 * where the log comes from and where "back" goes; the URL's `?seq=` follows the position.
 *
 * Live (`live` set): `events` grows as the game is played. The replay folds only the new events; a
 * viewer at the newest event follows them, one that stepped back stays where it is.
 */
import { isGameOver, type GameData, type LobbyEvent } from '@four-banners/engine';
import { Alert, Text } from '@mantine/core';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useAfterPaint } from '../../app/after-paint';
import { Board, type BoardHandle } from '../../board/Board';
import type { Bands } from '../../board/geometry';
import type { Marks } from '../../board/Overlays';
import type { FightView } from '../../game/action-view';
import type { FeedEntry } from '../../game/feed';
import { openReplay, playDelay, stepSeq, type Replay, type ReplaySpeed, type ReplayStep } from '../replay-model';
import { searchAtSeq, seqFromSearch, type ParsedReplaySearch } from '../search';
import { steadyGame } from '../steady-tiles';
import './replay.css';
import { FeedPanel } from '../../game/ui/FeedPanel';
import { FightCard } from '../../game/ui/FightCard';
import { PlayersPanel } from '../../game/ui/PlayersPanel';
import { ReplayChart } from './ReplayChart';
import { ReplayControls, type ReplayNav } from './ReplayControls';
import { ReplayHeader, type ReplayBack, type ReplayLive } from './ReplayHeader';
import { useFoldInSlices } from './use-fold-in-slices';

// The parts that follow a seek at once, and those that follow it a frame later, each skip the other's render.
const StillHeader = memo(ReplayHeader);
const StillBoard = memo(Board);
const StillControls = memo(ReplayControls);

const FIGHT_HOLD_MS = 10 * 60_000;
/** The turn's fight card stays at the bottom of the board: the fitted map keeps clear of it when it has height to spare. */
const REPLAY_BANDS: Bands = { top: 0, bottom: 156 };
const StillFightCard = memo(FightCard);

const NO_FIGHTS: readonly FightView[] = [];

/** In the chart's place while the rest of a long log is folded (a moment). */
const ChartPending = () => (
  <Text size="sm" c="dimmed" className="fb-chart-empty" data-testid="replay-chart-pending">
    Reading the whole game for the chart…
  </Text>
);

const sameItems = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((x, i) => x === b[i]);
/** The address bar catches up with the position once it rests this long (not on every step). */
const URL_SETTLE_MS = 250;

interface Props {
  readonly events: readonly LobbyEvent[];
  readonly back: ReplayBack;
  /** Set while the game is being played: `events` grows, and the viewer follows it at the end. */
  readonly live?: ReplayLive;
  /**
   * Live only: `true` jumps to every new event, `false` stays where it is; absent, the viewer follows
   * while it shows the newest event.
   */
  readonly follow?: boolean;
  /** A panel at the top of the side column (the admin console's), given the position, a way to move it and the log's fights. */
  readonly aside?: (at: ReplayAside) => ReactNode;
}

/** What the viewer tells a side panel: the position, how to move it, and every fight of the log. */
export interface ReplayAside {
  readonly seq: number;
  readonly seek: (seq: number) => void;
  readonly fights: readonly FightView[];
}

/** Where a replay opens: the link's position, else the start (a live game: its newest event). */
const openingSeq = (replay: Replay, search: ParsedReplaySearch, live: boolean) =>
  seqFromSearch(replay, search, live ? replay.endSeq : replay.startSeq);

export function ReplayViewer({ events, back, live, follow, aside }: Props) {
  // Only the position's fields, each a plain value: the router's other updates during a navigation (its
  // loading states) then leave the viewer be.
  const seqParam = useSearch({ strict: false, select: (s: ParsedReplaySearch) => s.seq });
  const turnParam = useSearch({ strict: false, select: (s: ParsedReplaySearch) => s.turn });
  const badParam = useSearch({ strict: false, select: (s: ParsedReplaySearch) => s.bad });
  const search: ParsedReplaySearch = useMemo(
    () => ({
      ...(seqParam !== undefined ? { seq: seqParam } : {}),
      ...(turnParam !== undefined ? { turn: turnParam } : {}),
      ...(badParam ? { bad: badParam } : {}),
    }),
    [seqParam, turnParam, badParam],
  );
  const navigate = useNavigate();
  // A log the engine refuses throws here, and the route's error page says so.
  // A long log shows at once and is folded whole between frames (ARCHITECTURE §7.8).
  const [replay, setReplay] = useState(() => openReplay(events));
  useFoldInSlices(replay, setReplay);
  const [opening] = useState(() => openingSeq(replay, search, live !== undefined));
  const [seq, setSeq] = useState(opening.seq);
  const [note, setNote] = useState(!opening.understood);
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(2);
  const [keysOpen, setKeysOpen] = useState(false);
  const [sideOpen, setSideOpen] = useState(false);
  const board = useRef<BoardHandle>(null);
  const keysShown = useRef(keysOpen);
  keysShown.current = keysOpen;

  // A longer log (a live game went on) extends the replay, following it when at the end; another log
  // starts over; the same log read again changes nothing.
  const [seenEvents, setSeenEvents] = useState(events);
  if (seenEvents !== events) {
    setSeenEvents(events);
    const extended = replay.extend(events);
    if (extended !== replay) {
      const next = extended ?? openReplay(events);
      setReplay(next);
      if (!extended) setSeq(openingSeq(next, search, live !== undefined).seq);
      else if (live && (follow ?? seq === replay.endSeq)) setSeq(next.endSeq);
      else setSeq(next.clamp(seq));
    }
  }
  const following = live !== undefined && seq === replay.endSeq;

  const seqNow = useRef(seq);
  seqNow.current = seq;
  const playingNow = useRef(playing);
  playingNow.current = playing;
  const liveNow = useRef(live !== undefined);
  liveNow.current = live !== undefined;
  // What the buttons, keys and chart do; stable per replay, so controls that show no position keep still.
  const nav: ReplayNav = useMemo(
    () => ({
      seek(to) {
        setPlaying(false);
        setSeq(replay.clamp(to));
      },
      step(step) {
        setPlaying(false);
        setSeq((s) => stepSeq(replay, s, step));
      },
      play() {
        if (!playingNow.current && seqNow.current >= replay.endSeq) {
          // At a live game's newest event there is nothing to play yet; a finished one plays again.
          if (liveNow.current) return;
          setSeq(replay.startSeq);
        }
        setPlaying((p) => !p);
      },
      seq: () => seqNow.current,
    }),
    [replay],
  );

  const backToLive = useCallback(() => nav.seek(replay.endSeq), [nav, replay]);

  // The URL follows the position once it rests (not while playing, nor while following a live game),
  // so the address bar is always a link to this moment. A seq it names that this viewer did not write
  // (a link followed within the app) moves the replay there.
  // Followed in the same render as the URL change, so a seek by link is one commit, like any other.
  const written = useRef<number | undefined>(undefined);
  const [linkedSeq, setLinkedSeq] = useState(search.seq);
  if (search.seq !== linkedSeq) {
    setLinkedSeq(search.seq);
    if (search.seq !== undefined && search.seq !== written.current) setSeq(replay.clamp(search.seq));
  }
  // A link it cannot read, followed while open, goes where a fresh open would, with the note.
  useEffect(() => {
    if (!search.bad) return;
    setNote(true);
    setSeq(live ? replay.endSeq : replay.startSeq);
  }, [search.bad, replay, live]);
  useEffect(() => {
    if (playing) return;
    const want = following ? undefined : seq;
    if (search.seq === want && search.turn === undefined && !search.bad) return;
    const t = setTimeout(() => {
      written.current = want;
      void navigate({
        to: '.',
        search: (prev: Record<string, unknown>) => {
          const next = searchAtSeq(prev, seq);
          if (want === undefined) delete next.seq;
          return next as never;
        },
        replace: true,
      });
    }, URL_SETTLE_MS);
    return () => clearTimeout(t);
  }, [seq, playing, following, navigate, search.seq, search.turn, search.bad]);

  // Playing: one event per tick, stopping at the end (a live game's end moves on as it is played).
  useEffect(() => {
    if (!playing) return;
    if (seq >= replay.endSeq) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setSeq((s) => replay.clamp(s + 1)), playDelay(speed));
    return () => clearTimeout(t);
  }, [playing, seq, speed, replay]);

  const frame = useMemo(() => replay.frameAt(seq), [replay, seq]);
  const hash = useMemo(() => replay.hashAt(seq), [replay, seq]);
  // The board redraws only the tiles that look different from the ones it shows.
  const shown = useRef<GameData | null>(null);
  const game = useMemo(() => (shown.current = steadyGame(shown.current, frame.lobby.game)), [frame]);
  // The board, the fight card, the slider and the event's words follow a seek in the next frame; the
  // header, the players, the chart and the feed in the frame after it (ARCHITECTURE §7.14), so a step or
  // a held arrow key through a long game never waits on the side column.
  const aroundSeq = useAfterPaint(frame.seq);
  const around = useRef({ replay, frame });
  if (around.current.replay !== replay || around.current.frame.seq !== aroundSeq) {
    around.current = { replay, frame: aroundSeq === frame.seq ? frame : replay.frameAt(aroundSeq) };
  }
  const aroundFrame = around.current.frame;
  // The feed's lines are shared objects: keep the list itself while they are the same lines.
  const shownFeed = useRef<readonly FeedEntry[]>([]);
  const feed = useMemo(
    () => (shownFeed.current = sameItems(shownFeed.current, aroundFrame.feed) ? shownFeed.current : aroundFrame.feed),
    [aroundFrame],
  );
  // The event's move plays (its unit slides in, its ring and trail fade) only when the replay steps one
  // event forward, as while playing; a seek, a turn step or a step back lands on it still.
  // Decided once per new position (kept through the renders that follow it).
  // (A render that finds a new position is redone at once with it: React drops that render's output.)
  const [arrived, setArrived] = useState({ seq: frame.seq, stepped: false });
  if (arrived.seq !== frame.seq) setArrived({ seq: frame.seq, stepped: frame.seq === arrived.seq + 1 });
  const still = !arrived.stepped;
  const marks: Marks = useMemo(
    () => ({ selected: null, moves: [], attacks: [], bannerSpots: [], lastMove: frame.move, still }),
    [frame.move, still],
  );

  // Keys (kept off text fields and sliders, which have their own): ←/→ an event, Shift+←/→, ↑/↓ and
  // PageUp/PageDown a turn, Home/End the ends, Space plays or pauses, ? lists the keys (Escape hides them).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented || e.altKey || e.ctrlKey || e.metaKey) return;
      const target = e.target instanceof Element ? e.target : null;
      if (
        target?.closest(
          'input, textarea, select, [role="slider"], [role="combobox"], [role="radiogroup"], [contenteditable="true"]',
        )
      )
        return;
      // Space on a focused button presses that button (the browser does it); don't also toggle play.
      if (e.key === ' ' && target?.closest('button, a')) return;
      const steps: Record<string, ReplayStep> = {
        ArrowRight: e.shiftKey ? 'turn-forward' : 'forward',
        ArrowLeft: e.shiftKey ? 'turn-back' : 'back',
        ArrowDown: 'turn-forward',
        PageDown: 'turn-forward',
        ArrowUp: 'turn-back',
        PageUp: 'turn-back',
        Home: 'start',
        End: 'end',
      };
      const step = steps[e.key];
      switch (e.key) {
        case ' ':
          nav.play();
          break;
        case '?':
          setKeysOpen((o) => !o);
          break;
        case 'Escape':
          if (!keysShown.current) return;
          setKeysOpen(false);
          break;
        default:
          if (!step) return;
          nav.step(step);
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [nav]);

  const lobby = frame.lobby;
  return (
    <div
      className="fb-game fb-replay fb-rv"
      data-testid="replay"
      data-seq={frame.seq}
      data-hash={hash}
      data-turn={lobby.game.turn.count}
      data-over={isGameOver(lobby.game) || undefined}
      data-live={live ? (following ? 'following' : 'behind') : undefined}
    >
      <StillHeader
        lobby={aroundFrame.lobby}
        board={board}
        back={back}
        live={live}
        following={following}
        onBackToLive={backToLive}
      />
      <div className="fb-rv-body">
        <div className="fb-rv-main">
          <div className="fb-game-stage">
            <StillBoard ref={board} game={game} marks={marks} readOnly bands={REPLAY_BANDS} />
            {note ? (
              <div className="fb-overlay-top">
                <Alert
                  variant="light"
                  color="yellow"
                  withCloseButton
                  closeButtonLabel="Dismiss"
                  onClose={() => setNote(false)}
                  data-testid="replay-link-note"
                  className="fb-rv-note"
                >
                  {live
                    ? "That link's position was not understood; showing the game as it is now."
                    : "That link's position was not understood; showing the start."}
                </Alert>
              </div>
            ) : null}
            <div className="fb-overlay-bottom fb-replay-fight">
              {/* The turn's latest fight stays up until the turn passes (or it is clicked away). */}
              {frame.fight ? <StillFightCard fight={frame.fight} holdMs={FIGHT_HOLD_MS} roll={false} /> : null}
            </div>
          </div>
          <StillControls
            replay={replay}
            seq={frame.seq}
            turn={frame.turn}
            fieldTurn={aroundFrame.turn}
            words={frame.words}
            playing={playing}
            speed={speed}
            keysOpen={keysOpen}
            onKeysOpen={setKeysOpen}
            onSpeed={setSpeed}
            nav={nav}
          />
        </div>
        <aside
          className="fb-rv-side"
          data-open={sideOpen || undefined}
          data-wide={aside ? true : undefined}
          aria-label={aside ? 'Console, players and chart' : 'Players and chart'}
        >
          <button
            type="button"
            className="fb-rv-side-toggle"
            aria-expanded={sideOpen}
            onClick={() => setSideOpen((o) => !o)}
            data-testid="replay-side-toggle"
          >
            <span>{aside ? 'Console, players and chart' : 'Players and chart'}</span>
            <span aria-hidden className="fb-rv-side-chevron">
              ▾
            </span>
          </button>
          <div className="fb-rv-side-content">
            {aside?.({ seq: frame.seq, seek: nav.seek, fights: replay.complete ? replay.fights : NO_FIGHTS })}
            <PlayersPanel lobby={aroundFrame.lobby} />
            {replay.complete ? (
              <ReplayChart samples={replay.samples} seq={aroundFrame.seq} onSeek={nav.seek} />
            ) : (
              <ChartPending />
            )}
            <FeedPanel feed={feed} />
          </div>
        </aside>
      </div>
    </div>
  );
}
