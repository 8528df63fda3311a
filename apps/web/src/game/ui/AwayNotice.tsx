/**
 * Away players on the game screen (PROTOCOL §4.8): "Away — a bot is playing for Bob" for each away
 * person; for this device's own away seat "You are away — a bot is playing for you" with "I'm back"
 * (`client-back`); and when every person is away, that the game is paused. A polite live region: it
 * speaks when someone goes away or comes back, nothing more.
 */
import { isGameOver, isPaused, type LobbyState } from '@four-banners/engine';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { playerLabel } from '../seats';
import { useOnline } from '../../online/online-link';
import './online-play.css';

/** What the notice says about `lobby` to the person `me`: their own away line first, then the others'. */
export function awayLines(lobby: LobbyState, me: string): { mine: boolean; others: string[]; paused: boolean } {
  if (!lobby.game.running || isGameOver(lobby.game)) return { mine: false, others: [], paused: false };
  const away = lobby.players.filter((p) => p.away !== undefined && p.country !== -1);
  return {
    mine: away.some((p) => p.id === me),
    others: away.filter((p) => p.id !== me).map((p) => `Away — a bot is playing for ${playerLabel(p)}`),
    paused: isPaused(lobby),
  };
}

export function AwayNotice({ lobby, me }: { lobby: LobbyState; me: string }) {
  const online = useOnline();
  const [busy, setBusy] = useState(false);
  const { mine, others, paused } = awayLines(lobby, me);
  const back = () => {
    setBusy(true);
    void online
      .client()
      .then((c) => c.back())
      .finally(() => setBusy(false));
  };
  return (
    <div role="status" aria-live="polite" className="fb-away-region" data-testid="away-region">
      {mine || others.length > 0 || paused ? (
        <Paper className="fb-away" radius="lg" px="md" py={8} shadow="lg" withBorder data-testid="away-notice">
          <Stack gap={4}>
            {paused ? (
              <Text size="sm" fw={700} data-testid="game-paused">
                The game is paused: everyone is away. It goes on when someone is back.
              </Text>
            ) : null}
            {mine ? (
              <Group gap="sm" wrap="wrap" justify="space-between">
                <Text size="sm" fw={700} c="yellow.4" data-testid="you-are-away">
                  You are away — a bot is playing for you
                </Text>
                <Button size="compact-sm" loading={busy} onClick={back} data-testid="im-back">
                  I'm back
                </Button>
              </Group>
            ) : null}
            {others.map((line) => (
              <Text key={line} size="sm" c="yellow.4" data-testid="away-line">
                {line}
              </Text>
            ))}
          </Stack>
        </Paper>
      ) : null}
    </div>
  );
}
