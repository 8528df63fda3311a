/** After an online game: "Quick match again" with the same choice as last time (PROTOCOL §4.7). */
import { isGameOver } from '@four-banners/engine';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { hint } from '../app/hints';
import { useLobby } from './lobby-store';
import { quickMatchAgain } from './lobby-actions';
import { useOnline } from './online-link';
import { readQuickChoice } from './quick-match';

/** `onGo` runs when the request is sent (the game-over dialog closes itself with it). */
export function QuickMatchAgainButton({ onGo }: { onGo?: () => void }) {
  const over = useLobby((l) => l.lobby !== null && isGameOver(l.lobby.game));
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  if (!over) return null;
  const choice = readQuickChoice();
  const go = () => {
    setBusy(true);
    onGo?.();
    void quickMatchAgain(online, choice).finally(() => setBusy(false));
  };
  return (
    <Button
      variant="light"
      loading={busy}
      onClick={go}
      data-testid="quick-match-again"
      {...hint(`A new game with ${choice.seats} players, as soon as they are found`)}
    >
      Quick match again
    </Button>
  );
}
