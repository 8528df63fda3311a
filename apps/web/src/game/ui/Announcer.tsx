/**
 * A visually hidden live region on the game screen (issue 9 "Accessibility"): it tells a screen reader
 * which unit is selected and what it may do, that the selection was cleared, each fight's result once
 * the fight card shows it (after the dice roll), and, once per turn, what happened since your last one.
 */
import type { GameData } from '@four-banners/engine';
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import type { Marks } from '../../board/Overlays';
import { SELECTION_CLEARED, fightWords, selectionWords } from './announce';
import { revealedFight } from './fight-reveal';

export function Announcer({
  game,
  marks,
  news = null,
}: {
  game: GameData;
  marks: Marks;
  /** Words to say once, when `key` is new (the "Since your turn" of each turn). */
  news?: { readonly key: string; readonly text: string } | null;
}) {
  const [said, setSaid] = useState({ text: '', n: 0 });
  // The same words twice in a row are still read: they differ by an invisible trailing space.
  const say = (text: string) => setSaid((s) => ({ text, n: s.n + 1 }));

  const { selected } = marks;
  const key = selected ? `${selected.x},${selected.y}:${marks.moves.length}:${marks.attacks.length}` : null;
  const last = useRef<string | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key holds all of the selection that is spoken: it alone decides when to speak
  useEffect(() => {
    const was = last.current;
    last.current = key;
    if (key === was) return;
    if (selected) say(selectionWords(game, selected, marks.moves.length, marks.attacks.length));
    else if (was !== null) say(SELECTION_CLEARED);
    // The key holds all of the selection that is spoken.
  }, [key]);

  const newsKey = news?.key ?? null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: said once per key: the text belongs to its key
  useEffect(() => {
    if (newsKey !== null && news) say(news.text);
  }, [newsKey]);

  // Fights shown before this screen was on are not news.
  // biome-ignore lint/correctness/useExhaustiveDependencies: subscribes once; say only sets state
  useEffect(() => {
    let shown = revealedFight.get();
    return revealedFight.subscribe(() => {
      const fight = revealedFight.get();
      if (!fight || fight === shown) return;
      shown = fight;
      say(fightWords(fight));
    });
  }, []);

  return (
    <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="announcer">
      {said.text ? said.text + (said.n % 2 ? '' : '\u00a0') : ''}
    </VisuallyHidden>
  );
}
