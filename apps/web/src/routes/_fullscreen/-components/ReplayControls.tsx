/** Replay playback: jump to start/end, step one event, play/pause, the scrubber over the seq, speed. */
import { ActionIcon, Group, Paper, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
import { useEffect, useState } from 'react';
import { REPLAY_SPEEDS, type Replay, type ReplaySpeed } from '../../../replay/replay-model';
import { PauseIcon, PlayIcon, StepBackIcon, StepForwardIcon, ToEndIcon, ToStartIcon } from './icons';

interface Props {
  readonly replay: Replay;
  readonly seq: number;
  readonly playing: boolean;
  readonly speed: ReplaySpeed;
  readonly onSeek: (seq: number) => void;
  readonly onStep: (by: 1 | -1) => void;
  readonly onPlay: () => void;
  readonly onSpeed: (speed: ReplaySpeed) => void;
}

export function ReplayControls({ replay, seq, playing, speed, onSeek, onStep, onPlay, onSpeed }: Props) {
  // The scrubber moves freely while dragged and seeks once, where it is let go.
  const [dragging, setDragging] = useState<number | null>(null);
  useEffect(() => setDragging(null), [seq]);
  const atStart = seq <= replay.startSeq;
  const atEnd = seq >= replay.endSeq;
  const kind = replay.events.find((e) => e.seq === seq);
  return (
    <Paper className="fb-replay-controls" radius={0} p="xs" data-testid="replay-controls">
      <Group gap="xs" wrap="nowrap" className="fb-replay-buttons">
        <Tooltip label="To the start (Home)" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="To the start" disabled={atStart} onClick={() => onSeek(replay.startSeq)} data-testid="replay-start">
            <ToStartIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="One event back (←)" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="One event back" disabled={atStart} onClick={() => onStep(-1)} data-testid="replay-back">
            <StepBackIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label={playing ? 'Pause (Space)' : 'Play (Space)'} withArrow>
          <ActionIcon size="xl" radius="xl" aria-label={playing ? 'Pause' : 'Play'} onClick={onPlay} data-testid="replay-play" data-playing={playing || undefined}>
            {playing ? <PauseIcon /> : <PlayIcon />}
          </ActionIcon>
        </Tooltip>
        <Tooltip label="One event forward (→)" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="One event forward" disabled={atEnd} onClick={() => onStep(1)} data-testid="replay-forward">
            <StepForwardIcon />
          </ActionIcon>
        </Tooltip>
        <Tooltip label="To the end (End)" withArrow>
          <ActionIcon variant="default" size="lg" aria-label="To the end" disabled={atEnd} onClick={() => onSeek(replay.endSeq)} data-testid="replay-end">
            <ToEndIcon />
          </ActionIcon>
        </Tooltip>
      </Group>
      <div className="fb-replay-scrub">
        <Slider
          min={replay.startSeq}
          max={replay.endSeq}
          step={1}
          value={dragging ?? seq}
          onChange={setDragging}
          onChangeEnd={onSeek}
          label={(v) => `#${v}`}
          aria-label="Position in the game"
          data-testid="replay-scrubber"
        />
        <Text size="xs" c="dimmed" ff="monospace" className="fb-replay-pos" data-testid="replay-position">
          #{seq} / {replay.endSeq}
          {kind ? ` · ${kind.kind === 'game-action' ? kind.payload.id.replace('_', ' ') : kind.kind}` : ''}
        </Text>
      </div>
      <SegmentedControl
        size="xs"
        value={String(speed)}
        onChange={(v) => onSpeed(Number(v) as ReplaySpeed)}
        data={REPLAY_SPEEDS.map((s) => ({ value: String(s), label: `${s}×` }))}
        aria-label="Speed"
        data-testid="replay-speed"
      />
    </Paper>
  );
}
