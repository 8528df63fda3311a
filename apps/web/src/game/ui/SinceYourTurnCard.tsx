/**
 * "Since your turn": at the start of your turn, what happened to you since you last passed, in one line
 * and, opened, line by line (game/since-your-turn.ts). It sits in the flow of the page (the side column, or
 * above the board on a phone), never over the board; it opens and closes, folds to its one line once the
 * player acts, and goes away with ×.
 */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { countryLabel } from '../../art/art';
import type { FightPart } from '../fight-words';
import { sinceLines, sinceSummary, type SinceReport } from '../since-your-turn';

function Words({ parts }: { parts: readonly FightPart[] }) {
  return (
    <>
      {parts.map((p, i) =>
        typeof p === 'string' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
          <span key={i}>{p}</span>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed sentence, never reordered
          <Text key={i} span inherit fw={700} c={COUNTRY_COLOURS[p.country]}>
            {countryLabel(p.country)}
          </Text>
        ),
      )}
    </>
  );
}

function Heading({ id, summary, children }: { id: string; summary: string; children?: ReactNode }) {
  return (
    <>
      <Text id={id} fw={800} size="sm" lh={1.25}>
        Since your turn
      </Text>
      <Text size="xs" c="dimmed" lh={1.3} data-testid="since-summary">
        {summary}
        {children}
      </Text>
    </>
  );
}

export function SinceYourTurnCard({
  report,
  turnKey,
  onDismiss,
  startOpen,
  acted,
}: {
  report: SinceReport;
  /** Names the turn: the card opens again as `startOpen` says for each new one. */
  turnKey: string;
  onDismiss: () => void;
  startOpen: boolean;
  /** Whether the player has acted this turn: the card then folds to its one line (it can be opened again). */
  acted: boolean;
}) {
  const [open, setOpen] = useState(startOpen && !acted);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new turn's card starts as the layout wants it
  useEffect(() => setOpen(startOpen && !acted), [turnKey]);
  useEffect(() => {
    if (acted) setOpen(false);
  }, [acted]);
  const listId = useId();
  const titleId = useId();
  const lines = sinceLines(report);
  const summary = sinceSummary(report);
  return (
    <Paper
      className="fb-since"
      component="section"
      aria-labelledby={titleId}
      radius="md"
      p="xs"
      withBorder
      data-testid="since-your-turn"
      data-open={(open && lines.length > 0) || undefined}
    >
      <Group gap={6} wrap="nowrap" align="flex-start">
        {lines.length > 0 ? (
          <UnstyledButton
            className="fb-since-head"
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={open ? listId : undefined}
            data-testid="since-toggle"
          >
            <Heading id={titleId} summary={summary}>
              <Text span inherit c="green.3" fw={600}>
                {' · '}
                {open ? 'hide' : lines.length === 1 ? 'show' : `show all ${lines.length}`}
              </Text>
            </Heading>
          </UnstyledButton>
        ) : (
          <div className="fb-since-head">
            <Heading id={titleId} summary={summary} />
          </div>
        )}
        <CloseButton size="sm" aria-label="Put away: since your turn" onClick={onDismiss} data-testid="since-close" />
      </Group>
      {open && lines.length > 0 ? (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a list that scrolls must take the focus to be read by keyboard
        <ul id={listId} className="fb-since-lines" tabIndex={0} aria-label="What happened since your turn">
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the report's lines are fixed for the turn
            <li key={i} data-kind={l.kind} data-testid="since-line">
              <Text size="xs" span lh={1.35}>
                <Words parts={l.parts} />
              </Text>
            </li>
          ))}
        </ul>
      ) : null}
    </Paper>
  );
}
