/**
 * Land or units per country over the game's turns, hand-drawn in SVG, with a marker at the position
 * shown. A click (or the arrow keys, when focused) moves the replay to that turn's start. Each country
 * has its colour and its own dash pattern, so the lines part without colour vision too. Without
 * `onSeek` (the game-over summary) it is a picture of the whole game: hovering reads the values.
 */
import { COUNTRY_COLOURS, type PlayableCountry } from '@four-banners/engine';
import { SegmentedControl, Text, VisuallyHidden } from '@mantine/core';
// Mantine's styles for SegmentedControl (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { memo, useId, useMemo, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { countryLabel } from '../../art/art';
import {
  chartCountries,
  chartLines,
  chartMax,
  chartRange,
  chartSummary,
  chartX,
  nearestSample,
  sampleIndexAt,
  type ChartMetric,
  type ChartSample,
} from '../chart-series';
import './ReplayChart.css';

const W = 300;
const H = 96;
const DASHES: Record<PlayableCountry, string | undefined> = { 0: undefined, 1: '6 3', 2: '2 3', 3: '9 3 2 3' };

interface Props {
  readonly samples: readonly ChartSample[];
  /** The position shown (marked on the chart); without it, the end. */
  readonly seq?: number;
  /** Moves the replay to a turn; without it the chart only shows. */
  readonly onSeek?: (seq: number) => void;
}

/** The lines: redrawn only when the samples or the metric change, never on a seek. */
const Lines = memo(function Lines({ samples, metric }: { samples: readonly ChartSample[]; metric: ChartMetric }) {
  const lines = useMemo(() => chartLines(samples, metric, W, H), [samples, metric]);
  return (
    <g>
      {[0.25, 0.5, 0.75].map((f) => (
        <line key={f} x1={0} x2={W} y1={H * f} y2={H * f} className="fb-chart-grid" />
      ))}
      {lines.map((l) => (
        <polyline
          key={l.country}
          points={l.points}
          fill="none"
          stroke={COUNTRY_COLOURS[l.country]}
          strokeWidth={2}
          strokeDasharray={DASHES[l.country]}
          strokeLinejoin="round"
          vectorEffect="non-scaling-stroke"
        />
      ))}
    </g>
  );
});

/** The title and the Land / Units switch: drawn when the metric changes. */
const ChartHead = memo(function ChartHead({
  metric,
  onMetric,
}: {
  metric: ChartMetric;
  onMetric: (m: ChartMetric) => void;
}) {
  return (
    <div className="fb-chart-head">
      <Text size="sm" fw={700}>
        {metric === 'land' ? 'Land' : 'Units'} over the game
      </Text>
      <SegmentedControl
        size="xs"
        value={metric}
        onChange={(v) => onMetric(v as ChartMetric)}
        data={[
          { value: 'land', label: 'Land' },
          { value: 'units', label: 'Units' },
        ]}
        aria-label="What the chart shows"
        data-testid="replay-chart-metric"
      />
    </div>
  );
});

const Summary = memo(function Summary({ id, text }: { id: string; text: string }) {
  return <VisuallyHidden id={id}>{text}</VisuallyHidden>;
});

const values = (s: ChartSample, metric: ChartMetric, countries: readonly PlayableCountry[]) =>
  countries.map((c) => `${countryLabel(c)} ${s[metric][c]}`).join(', ');

export const ReplayChart = memo(function ReplayChart({ samples, seq, onSeek }: Props) {
  const [metric, setMetric] = useState<ChartMetric>('land');
  const [hover, setHover] = useState<ChartSample | null>(null);
  const countries = useMemo(() => chartCountries(samples), [samples]);
  const summaryId = useId();
  const summary = useMemo(() => chartSummary(samples, metric), [samples, metric]);
  if (samples.length === 0) {
    return (
      <Text size="sm" c="dimmed" className="fb-chart-empty" data-testid="replay-chart-empty">
        The chart of land and units begins when the game starts.
      </Text>
    );
  }
  const { from, to } = chartRange(samples);
  const position = seq ?? samples[samples.length - 1]!.seq;
  const markerX = ((chartX(samples, position) - from) / (to - from)) * W;
  const index = sampleIndexAt(samples, position);
  const current = samples[index]!;
  const shown = hover ?? current;
  const label = (s: ChartSample) => (s.end ? 'End' : `Turn ${s.turn}`);

  const fraction = (e: MouseEvent<SVGSVGElement>) => {
    const r = e.currentTarget.getBoundingClientRect();
    return (e.clientX - r.left) / Math.max(1, r.width);
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    if (!onSeek) return;
    // A slider's keys (ARIA): ←/↓ one turn back (inside a turn, to its start, like the turn buttons),
    // →/↑ one turn on, PageDown/PageUp ten turns, Home/End the ends.
    const back = position > current.seq ? index : index - 1;
    const at = (i: number) => samples[Math.min(samples.length - 1, Math.max(0, i))];
    const moves: Record<string, ChartSample | undefined> = {
      ArrowLeft: at(back),
      ArrowDown: at(back),
      ArrowRight: at(index + 1),
      ArrowUp: at(index + 1),
      PageDown: at(back - 9),
      PageUp: at(index + 10),
      Home: samples[0],
      End: samples[samples.length - 1],
    };
    const target = moves[e.key];
    if (!target) return;
    e.preventDefault();
    onSeek(target.seq);
  };

  return (
    <figure className="fb-chart" data-testid="replay-chart-figure">
      <ChartHead metric={metric} onMetric={setMetric} />
      <div className="fb-chart-plot">
        <Text size="xs" c="dimmed" className="fb-chart-max" aria-hidden>
          {chartMax(samples, metric)}
        </Text>
        {/* biome-ignore lint/a11y/noSvgWithoutTitle: named by aria-label, as a slider or an image (a title would show as a tooltip over the chart) */}
        <svg
          viewBox={`0 0 ${W} ${H}`}
          preserveAspectRatio="none"
          className="fb-chart-svg"
          {...(onSeek
            ? {
                role: 'slider',
                tabIndex: 0,
                'aria-label': `${metric === 'land' ? 'Land' : 'Units'} per country over the turns: pick a turn to go to`,
                'aria-valuemin': samples[0]!.turn,
                'aria-valuemax': samples[samples.length - 1]!.turn,
                'aria-valuenow': current.turn,
                'aria-valuetext': `${label(current)}: ${values(current, metric, countries)}`,
              }
            : { role: 'img', 'aria-label': `${metric === 'land' ? 'Land' : 'Units'} per country over the turns` })}
          aria-describedby={summaryId}
          data-testid="replay-chart"
          data-metric={metric}
          onClick={(e) => {
            const s = onSeek && nearestSample(samples, fraction(e));
            if (s) onSeek(s.seq);
          }}
          onPointerMove={(e) => setHover(nearestSample(samples, fraction(e)) ?? null)}
          onPointerLeave={() => setHover(null)}
          onKeyDown={onKey}
        >
          <Lines samples={samples} metric={metric} />
          {hover ? (
            <line
              x1={((hover.x - from) / (to - from)) * W}
              x2={((hover.x - from) / (to - from)) * W}
              y1={0}
              y2={H}
              className="fb-chart-hover"
              vectorEffect="non-scaling-stroke"
            />
          ) : null}
          {seq !== undefined ? (
            <line
              x1={markerX}
              x2={markerX}
              y1={0}
              y2={H}
              className="fb-chart-marker"
              vectorEffect="non-scaling-stroke"
              data-testid="replay-chart-marker"
            />
          ) : null}
        </svg>
      </div>
      <div className="fb-chart-axis" aria-hidden>
        <span>Turn {samples[0]!.turn}</span>
        <span>{label(samples[samples.length - 1]!)}</span>
      </div>
      <figcaption className="fb-chart-readout">
        <b>
          {label(shown)}
          {hover && onSeek ? ' (click to go there)' : ''}:
        </b>
        {countries.map((c) => (
          <b key={c} style={{ color: COUNTRY_COLOURS[c] }}>
            {countryLabel(c)} {shown[metric][c]}
          </b>
        ))}
        <Summary id={summaryId} text={summary} />
      </figcaption>
    </figure>
  );
});
