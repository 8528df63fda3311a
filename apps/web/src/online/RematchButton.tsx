/**
 * After an online game: its admin opens a rematch (same map size and seats, a fresh seed); everybody
 * else is offered to join it with one click, back on the colour they played.
 */
import { isGameOver } from '@four-banners/engine';
import { Button, Tooltip } from '@mantine/core';
// Mantine's styles for Tooltip (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useState } from 'react';
import { settingsStore } from '../app/settings';
import { useLobby } from './lobby-store';
import { useOnline } from './online-link';

/** `onGo` runs when the request is sent (the game-over dialog closes itself with it). */
export function RematchButton({ onGo }: { onGo?: () => void }) {
  const admin = useLobby((l) => l.adminId === l.playerId && l.lobby !== null && isGameOver(l.lobby.game));
  const offer = useLobby((l) => l.rematch);
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const run = (f: () => Promise<boolean>) => {
    setBusy(true);
    onGo?.();
    void f().finally(() => setBusy(false));
  };
  if (offer) {
    return (
      <Tooltip label="The admin opened a new game with the same seats" withArrow>
        <Button
          color="green"
          loading={busy}
          onClick={() => run(async () => (await online.client()).acceptRematch(settingsStore.get().playerName))}
          data-testid="join-rematch"
        >
          Join rematch
        </Button>
      </Tooltip>
    );
  }
  if (!admin) return null;
  return (
    <Tooltip label="A new game with the same map size and seats; the others are invited" withArrow>
      <Button
        variant="light"
        loading={busy}
        onClick={() => run(async () => (await online.client()).rematchOnline())}
        data-testid="rematch-online"
      >
        Rematch
      </Button>
    </Tooltip>
  );
}
