/**
 * After an online game: its admin opens a rematch (same map size and seats, a fresh seed); everybody
 * else is offered to join it with one click, back on the colour they played.
 */
import { isGameOver } from '@four-banners/engine';
import { Button } from '@mantine/core';
import { useState } from 'react';
import { hint } from '../app/hints';
import { useLobby } from './lobby-store';
import { joinRematch, openRematch } from './lobby-actions';
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
      <Button
        color="green"
        loading={busy}
        onClick={() => run(() => joinRematch(online))}
        data-testid="join-rematch"
        {...hint('The admin opened a new game with the same seats')}
      >
        Join rematch
      </Button>
    );
  }
  if (!admin) return null;
  return (
    <Button
      variant="light"
      loading={busy}
      onClick={() => run(() => openRematch(online))}
      data-testid="rematch-online"
      {...hint('A new game with the same map size and seats; the others are invited')}
    >
      Rematch
    </Button>
  );
}
