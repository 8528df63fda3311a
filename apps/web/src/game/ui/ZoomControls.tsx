/** Zoom out, fit and zoom in buttons for a board (the game and replay headers share them). */
import { ActionIcon } from '@mantine/core';
import { memo, type RefObject } from 'react';
import type { BoardHandle } from '../../board/Board';
import { FitIcon, MinusIcon, PlusIcon } from './Icons';

/** Memoised: the board's handle never changes, so a game step does not render these again. */
export const ZoomControls = memo(function ZoomControls({ board }: { board: RefObject<BoardHandle | null> }) {
  return (
    <>
      <ActionIcon variant="default" size="lg" aria-label="Zoom out" onClick={() => board.current?.zoomBy(0.8)}>
        <MinusIcon />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label="Fit the map" onClick={() => board.current?.fit()}>
        <FitIcon />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label="Zoom in" onClick={() => board.current?.zoomBy(1.25)}>
        <PlusIcon />
      </ActionIcon>
    </>
  );
});
