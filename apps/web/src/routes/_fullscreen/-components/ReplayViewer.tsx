/**
 * The replay viewer: any game's log (online, the offline game, a save, an imported file), folded with
 * the engine and shown read-only with playback controls. The route that shows it owns where the log
 * comes from and where "back" goes; the URL's `?seq=` follows the position.
 */
import { isGameOver, type LobbyEvent } from '@four-banners/engine';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Board, type BoardHandle } from '../../../board/Board';
import type { Marks } from '../../../board/Overlays';
import { createReplay, playDelay, type ReplaySpeed } from '../../../replay/replay-model';
import { FeedPanel } from './FeedPanel';
import { FightCard } from './FightCard';
import { ReplayControls } from './ReplayControls';
import type { ReplaySearch } from '../../../replay/search';
import { ReplayHeader, type ReplayBack } from './ReplayHeader';

const FIGHT_HOLD_MS = 10 * 60_000;

interface Props {
  readonly events: readonly LobbyEvent[];
  readonly back: ReplayBack;
}

export function ReplayViewer({ events, back }: Props) {
  const search: ReplaySearch = useSearch({ strict: false });
  const navigate = useNavigate();
  // A log the engine refuses throws here, and the route's error page says so.
  const replay = useMemo(() => createReplay(events), [events]);
  const [seq, setSeqState] = useState(() => replay.clamp(search.seq ?? replay.startSeq));
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<ReplaySpeed>(2);
  const board = useRef<BoardHandle>(null);

  const seek = useCallback((to: number) => setSeqState(replay.clamp(to)), [replay]);
  const step = useCallback(
    (by: 1 | -1) => {
      setPlaying(false);
      setSeqState((s) => replay.clamp(s + by));
    },
    [replay],
  );

  // A deep link followed while the replay is open (or the back button) moves the replay there.
  useEffect(() => {
    if (search.seq !== undefined) setSeqState(replay.clamp(search.seq));
  }, [search.seq, replay]);
  // The URL follows the replay when it rests, so the address bar is always a link to this moment.
  useEffect(() => {
    if (playing || search.seq === seq) return;
    void navigate({ to: '.', search: (prev: ReplaySearch) => ({ ...prev, seq }), replace: true });
  }, [seq, playing, navigate, search.seq]);

  // Playing: one event per tick, stopping at the end.
  useEffect(() => {
    if (!playing) return;
    if (seq >= replay.endSeq) {
      setPlaying(false);
      return;
    }
    const t = setTimeout(() => setSeqState((s) => replay.clamp(s + 1)), playDelay(speed));
    return () => clearTimeout(t);
  }, [playing, seq, speed, replay]);

  const frame = useMemo(() => replay.frameAt(seq), [replay, seq]);
  const hash = useMemo(() => replay.hashAt(seq), [replay, seq]);
  const game = frame.lobby.game;
  const marks: Marks = useMemo(
    () => ({ selected: null, moves: [], attacks: [], bannerSpots: [], lastMove: frame.move }),
    [frame.move],
  );

  // Keys: Space plays or pauses, arrows step, Home/End jump.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="slider"], [role="combobox"], [role="radiogroup"]')) return;
      // Space on a focused button presses that button (the browser does it); don't also toggle play.
      if (e.key === ' ' && target?.closest('button, a')) return;
      if (e.key === ' ') setPlaying((p) => !p);
      else if (e.key === 'ArrowRight') step(1);
      else if (e.key === 'ArrowLeft') step(-1);
      else if (e.key === 'Home') seek(replay.startSeq);
      else if (e.key === 'End') seek(replay.endSeq);
      else return;
      e.preventDefault();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [step, seek, replay]);

  return (
    <div className="fb-game fb-replay" data-testid="replay" data-seq={seq} data-hash={hash} data-over={isGameOver(game) || undefined}>
      <ReplayHeader lobby={frame.lobby} board={board} back={back} />
      <div className="fb-game-stage">
        <Board ref={board} game={game} marks={marks} readOnly />
        <div className="fb-overlay-bottom fb-replay-fight">
          {/* The turn's latest fight stays up until the turn passes (or it is clicked away). */}
          {frame.fight ? <FightCard fight={frame.fight} holdMs={FIGHT_HOLD_MS} /> : null}
        </div>
        <FeedPanel feed={frame.feed} />
      </div>
      <ReplayControls
        replay={replay}
        seq={seq}
        playing={playing}
        speed={speed}
        onSeek={(s) => {
          setPlaying(false);
          seek(s);
        }}
        onStep={step}
        onPlay={() => {
          if (seq >= replay.endSeq) seek(replay.startSeq);
          setPlaying((p) => !p);
        }}
        onSpeed={setSpeed}
      />
    </div>
  );
}
