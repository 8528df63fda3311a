/**
 * Replay playback: the event in words, steps by event and by turn, start/end, play/pause, the
 * scrubber, "Event 120 of 4,310 · Turn 37 of 402", a turn to jump to, speed, the keys and a link to
 * this moment. A seek redraws the words and the scrubber; the turn field a frame later; the buttons and
 * tools only when their own state changes (at the ends, play/pause), which keeps long games smooth to scrub.
 */
import { ActionIcon, Button, Kbd, NumberInput, Popover, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
// Mantine's styles for NumberInput, SegmentedControl, Slider, Tooltip (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { hint } from '../../app/hints';
import type { EventWords } from '../describe-event';
import { REPLAY_SPEEDS, type Replay, type ReplaySpeed, type ReplayStep } from '../replay-model';
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon, ToEndIcon, ToStartIcon } from '../../game/ui/Icons';
import { ReplayEventLine } from './ReplayEventLine';
import { KeyboardIcon, LinkIcon, TurnBackIcon, TurnForwardIcon } from './ReplayIcons';

/** What the controls can do. Stable while the replay is the same, so memoised parts keep still on a seek. */
export interface ReplayNav {
  /** Goes to `seq` (and stops playing). */
  seek(seq: number): void;
  step(step: ReplayStep): void;
  /** Plays or pauses (from the start when at the end of a finished game). */
  play(): void;
  /** The seq shown now. */
  seq(): number;
}

interface Props {
  readonly replay: Replay;
  readonly seq: number;
  readonly turn: number;
  /**
   * The turn in the "go to turn" field: the viewer hands it over a frame after `turn` (ARCHITECTURE §7.14),
   * so a seek draws the slider and the words, and the field (a costly input to redraw) follows.
   */
  readonly fieldTurn: number;
  readonly words: EventWords;
  readonly playing: boolean;
  readonly speed: ReplaySpeed;
  readonly keysOpen: boolean;
  readonly onKeysOpen: (open: boolean) => void;
  readonly onSpeed: (speed: ReplaySpeed) => void;
  readonly nav: ReplayNav;
}

const numbers = new Intl.NumberFormat('en-US');
const count = (n: number) => numbers.format(n);

/** The last turn's number, or "…" while a long log is still being folded. */
const lastTurnWords = (replay: Replay) => (replay.complete ? count(replay.lastTurn) : '…');

/** "Event 120 of 4,310 · Turn 37 of 402". */
function positionWords(replay: Replay, seq: number, turn: number): string {
  const events = `Event ${count(seq)} of ${count(replay.endSeq)}`;
  return replay.started
    ? `${events} · Turn ${count(turn)} of ${lastTurnWords(replay)}`
    : `${events} · the game has not started`;
}

const KEYS: readonly { keys: readonly string[]; what: string }[] = [
  { keys: ['←', '→'], what: 'One event back / forward' },
  { keys: ['Shift ←', 'Shift →'], what: 'One turn back / forward' },
  { keys: ['↑', '↓'], what: 'One turn back / forward' },
  { keys: ['PgUp', 'PgDn'], what: 'One turn back / forward' },
  { keys: ['Home', 'End'], what: 'The start / the end' },
  { keys: ['Space'], what: 'Play / pause' },
  { keys: ['?'], what: 'This list' },
];

function KeysHelp({ open, onOpen }: { open: boolean; onOpen: (open: boolean) => void }) {
  return (
    <Popover opened={open} onChange={onOpen} position="top-end" withArrow shadow="md" returnFocus>
      <Popover.Target>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label="Keyboard shortcuts"
          aria-expanded={open}
          onClick={() => onOpen(!open)}
          data-testid="replay-keys"
          {...(open ? {} : hint('Keyboard shortcuts', { key: '?' }))}
        >
          <KeyboardIcon />
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown data-testid="replay-keys-help">
        <Text size="sm" fw={700} mb={6}>
          Keys
        </Text>
        <table className="fb-rv-keys">
          <tbody>
            {KEYS.map((k) => (
              <tr key={k.keys.join()}>
                <td>
                  {k.keys.map((key, i) => (
                    <span key={key}>
                      {i > 0 ? ' ' : null}
                      <Kbd size="xs">{key}</Kbd>
                    </span>
                  ))}
                </td>
                <td>{k.what}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Popover.Dropdown>
    </Popover>
  );
}

/** A link to the replay at `seq` (the page's address with `?seq=`). */
function linkAt(seq: number): string {
  const url = new URL(window.location.href);
  url.searchParams.delete('turn');
  url.searchParams.set('seq', String(seq));
  return url.toString();
}

function CopyLink({ nav }: { nav: ReplayNav }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const t = setTimeout(() => setState('idle'), 2500);
    return () => clearTimeout(t);
  }, [state]);
  return (
    <Tooltip
      label={state === 'failed' ? 'Could not copy: the address bar has the link' : 'A link to this moment of the game'}
      withArrow
      opened={state === 'failed' || undefined}
    >
      <Button
        variant="default"
        size="sm"
        leftSection={<LinkIcon />}
        onClick={() => {
          // The clipboard is missing outside secure contexts; the address bar holds the same link then.
          const clipboard = navigator.clipboard as Clipboard | undefined;
          if (!clipboard) return setState('failed');
          clipboard.writeText(linkAt(nav.seq())).then(
            () => setState('copied'),
            () => setState('failed'),
          );
        }}
        aria-label={state === 'copied' ? 'Copied' : 'Copy link to this moment'}
        data-testid="replay-copy-link"
        data-copied={state === 'copied' || undefined}
      >
        <span className="fb-rv-copy-label">{state === 'copied' ? 'Copied' : 'Copy link'}</span>
      </Button>
    </Tooltip>
  );
}

function TurnJump({ replay, turn, nav }: { replay: Replay; turn: number; nav: ReplayNav }) {
  const id = useId();
  const [typed, setTyped] = useState<string | number>(turn);
  const [focused, setFocused] = useState(false);
  // A new turn shows in the field unless the player is typing there; copied during the render (not in an
  // effect), so a step renders the field once.
  const [shownTurn, setShownTurn] = useState(turn);
  if (turn !== shownTurn) {
    setShownTurn(turn);
    if (!focused) setTyped(turn);
  }
  const go = () => {
    const n = typeof typed === 'number' ? typed : Number.parseInt(typed, 10);
    if (Number.isFinite(n)) nav.seek(replay.seqOfTurn(n));
    else setTyped(turn);
  };
  if (!replay.started) return null;
  return (
    <div className="fb-rv-turn">
      <Text size="sm" c="dimmed" component="label" htmlFor={id} className="fb-rv-turn-label">
        Turn
      </Text>
      <NumberInput
        id={id}
        size="xs"
        w={76}
        min={replay.firstTurn}
        max={replay.complete ? replay.lastTurn : undefined}
        allowNegative={false}
        allowDecimal={false}
        clampBehavior="blur"
        value={typed}
        onChange={setTyped}
        onFocus={() => setFocused(true)}
        onBlur={() => {
          setFocused(false);
          go();
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') go();
          if (e.key === 'Escape') (e.currentTarget as HTMLInputElement).blur();
        }}
        aria-label={`Go to turn (${replay.firstTurn} to ${lastTurnWords(replay)})`}
        data-testid="replay-turn-input"
      />
      <Text size="sm" c="dimmed" className="fb-rv-turn-of">
        of {lastTurnWords(replay)}
      </Text>
    </div>
  );
}

const StillTurnJump = memo(TurnJump);

/** Speed, keys and link: redrawn only when one of them changes, never on a seek. */
const ReplayTools = memo(function ReplayTools({
  speed,
  keysOpen,
  onKeysOpen,
  onSpeed,
  nav,
}: Pick<Props, 'speed' | 'keysOpen' | 'onKeysOpen' | 'onSpeed' | 'nav'>) {
  return (
    <>
      <SegmentedControl
        size="xs"
        value={String(speed)}
        onChange={(v) => onSpeed(Number(v) as ReplaySpeed)}
        data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
        aria-label="Speed"
        data-testid="replay-speed"
        className="fb-rv-speed"
      />
      <KeysHelp open={keysOpen} onOpen={onKeysOpen} />
      <CopyLink nav={nav} />
    </>
  );
});

interface StepSpec {
  readonly step: ReplayStep;
  readonly label: string;
  readonly keys: string;
  readonly Icon: () => ReactNode;
}

/** The step buttons left of play (back) and right of it (forward); each one's test id is `replay-<step>`. */
const BACK_STEPS: readonly StepSpec[] = [
  { step: 'start', label: 'To the start', keys: 'Home', Icon: ToStartIcon },
  { step: 'turn-back', label: 'One turn back', keys: 'Shift ←, ↑', Icon: TurnBackIcon },
  { step: 'back', label: 'One event back', keys: '←', Icon: StepBackIcon },
];
const FORWARD_STEPS: readonly StepSpec[] = [
  { step: 'forward', label: 'One event forward', keys: '→', Icon: StepForwardIcon },
  { step: 'turn-forward', label: 'One turn forward', keys: 'Shift →, ↓', Icon: TurnForwardIcon },
  { step: 'end', label: 'To the end', keys: 'End', Icon: ToEndIcon },
];

/** One side's step buttons: off at that side's end, the turn steps also off in a game without turns. */
function StepSide({
  steps,
  atEdge,
  noTurns,
  nav,
}: {
  steps: readonly StepSpec[];
  atEdge: boolean;
  noTurns: boolean;
  nav: ReplayNav;
}) {
  return steps.map(({ step, label, keys, Icon }) => (
    <ActionIcon
      key={step}
      variant="default"
      size="lg"
      aria-label={label}
      disabled={atEdge || (noTurns && step.startsWith('turn-'))}
      onClick={() => nav.step(step)}
      data-testid={`replay-${step}`}
      {...hint(label, { key: keys })}
    >
      <Icon />
    </ActionIcon>
  ));
}

/** The step buttons: redrawn only when reaching or leaving an end, or on play/pause. */
const StepButtons = memo(function StepButtons({
  atStart,
  atEnd,
  noTurns,
  playing,
  nav,
}: {
  atStart: boolean;
  atEnd: boolean;
  noTurns: boolean;
  playing: boolean;
  nav: ReplayNav;
}) {
  return (
    <div className="fb-rv-buttons">
      <StepSide steps={BACK_STEPS} atEdge={atStart} noTurns={noTurns} nav={nav} />
      <ActionIcon
        size="xl"
        radius="xl"
        aria-label={playing ? 'Pause' : 'Play'}
        onClick={() => nav.play()}
        data-testid="replay-play"
        data-playing={playing || undefined}
        {...hint(playing ? 'Pause' : 'Play', { key: 'Space' })}
      >
        {playing ? <PauseIcon /> : <PlayIcon />}
      </ActionIcon>
      <StepSide steps={FORWARD_STEPS} atEdge={atEnd} noTurns={noTurns} nav={nav} />
    </div>
  );
});

const Scrubber = memo(function Scrubber({
  replay,
  seq,
  turn,
  nav,
}: {
  replay: Replay;
  seq: number;
  turn: number;
  nav: ReplayNav;
}) {
  // The scrubber moves freely while dragged and seeks once, where it is let go.
  const [dragging, setDragging] = useState<number | null>(null);
  // A new position ends the drag's preview (in the same render, so a seek draws the slider once).
  const [draggedAt, setDraggedAt] = useState(seq);
  if (draggedAt !== seq) {
    setDraggedAt(seq);
    setDragging(null);
  }
  return (
    <div className="fb-rv-scrub">
      <Slider
        min={replay.startSeq}
        max={Math.max(replay.endSeq, replay.startSeq + 1)}
        step={1}
        value={dragging ?? seq}
        onChange={setDragging}
        // Mantine calls this from a timer after the release: flushed there, the seek is drawn in that task
        // rather than in one React schedules later, which a frame or other work could come before.
        onChangeEnd={(v) => flushSync(() => nav.seek(v))}
        label={(v) => `Event ${count(v)} · turn ${count(replay.turnAt(v))}`}
        aria-label="Position in the game"
        thumbLabel="Position in the game"
        data-testid="replay-scrubber"
      />
      <Text size="xs" c="dimmed" className="fb-rv-pos" data-testid="replay-position">
        {positionWords(replay, seq, turn)}
      </Text>
    </div>
  );
});

export function ReplayControls({
  replay,
  seq,
  turn,
  fieldTurn,
  words,
  playing,
  speed,
  keysOpen,
  onKeysOpen,
  onSpeed,
  nav,
}: Props) {
  return (
    <div className="fb-rv-controls" data-testid="replay-controls">
      <div className="fb-rv-top">
        <ReplayEventLine words={words} announce={!playing} />
        <div className="fb-rv-tools">
          <StillTurnJump replay={replay} turn={fieldTurn} nav={nav} />
          <ReplayTools speed={speed} keysOpen={keysOpen} onKeysOpen={onKeysOpen} onSpeed={onSpeed} nav={nav} />
        </div>
      </div>
      <div className="fb-rv-bar">
        <StepButtons
          atStart={seq <= replay.startSeq}
          atEnd={seq >= replay.endSeq}
          noTurns={!replay.started}
          playing={playing}
          nav={nav}
        />
        <Scrubber replay={replay} seq={seq} turn={turn} nav={nav} />
      </div>
    </div>
  );
}
