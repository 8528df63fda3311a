/**
 * The pass-turn dialog (ARCHITECTURE §7.3): the product's question with No and Yes, and what is still left
 * this turn in words ("3 units can still move, 1 banner to place — pass anyway?"), with a way to it: "Next
 * unit" (closes, selects the next unit that can act) or, with only banners left, "Show banner spots".
 * It only opens when something is left (`askToPass`), and it belongs to the turn it asked about: once
 * that turn is over (the clock ran out, another tab passed, the person went away), it closes by itself, so
 * its Yes never passes a later turn.
 */
import { Button, Text } from '@mantine/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { setDialog, useAppState } from '../app/app-state';
import { turnLeft, turnLeftWords } from '../game/next-unit';
import { useSession } from '../game/session-store';
import { requestGuide } from '../game/ui/pass-turn';
import { ConfirmModal } from './ConfirmModal';

export const PASS_QUESTION = 'Are you sure you want to pass the turn?';

export function PassTurnModal() {
  const opened = useAppState((s) => s.dialogs.nextTurn);
  const { session, snap } = useSession();
  const game = snap?.lobby.game;
  const active = snap?.active ?? null;
  const left = useMemo(() => (game ? turnLeft(game, active) : null), [game, active]);
  const words = left ? turnLeftWords(left) : '';
  const units = left ? left.move + left.attack : 0;
  // Going to what is left leaves the focus on the page, not on Pass turn: the map's keys (Space, N,
  // arrows) then act on the unit or spot just shown.
  const [guiding, setGuiding] = useState(false);
  useEffect(() => {
    if (opened) setGuiding(false);
  }, [opened]);
  const close = () => setDialog('nextTurn', false);
  // The turn the question is about: the turn count and the country this person plays in it.
  const turn = game ? `${game.turn.count}/${active}` : null;
  const askedOn = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (!opened) askedOn.current = undefined;
    else if (askedOn.current === undefined) askedOn.current = turn;
    else if (askedOn.current !== turn) close();
  });
  const guide = (kind: 'next-unit' | 'banner-spots') => {
    setGuiding(true);
    close();
    requestGuide(kind);
  };
  return (
    <ConfirmModal
      testId="modal-next-turn"
      opened={opened}
      returnFocus={!guiding}
      message={PASS_QUESTION}
      detail={
        words ? (
          <Text mt="xs" data-testid="pass-left">
            {words} — pass anyway?
          </Text>
        ) : null
      }
      aside={
        units > 0 ? (
          <Button variant="light" onClick={() => guide('next-unit')} data-testid="pass-next-unit">
            Next unit
          </Button>
        ) : left && left.banners > 0 ? (
          <Button variant="light" onClick={() => guide('banner-spots')} data-testid="pass-banner-spots">
            Show banner spots
          </Button>
        ) : null
      }
      cancelLabel="No"
      confirmLabel="Yes"
      onCancel={close}
      onConfirm={() => {
        close();
        session?.passTurn();
      }}
    />
  );
}
