/**
 * Over the board of an online game while the connection is down or the game is catching up: says
 * "Reconnecting…" and takes the board's clicks and taps, so a move made now is refused where the player
 * can see it (nothing is sent, nothing is queued). Keyboard moves and the header's pass are refused by
 * the online session with a toast.
 */
import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useState, type SyntheticEvent } from 'react';
import type { Link } from '../online/lobby-store';
import { useModeration } from '../online/moderation-store';

export function ReconnectingOverlay({ link }: { link: Exclude<Link, 'live'> }) {
  const [refused, setRefused] = useState(0);
  // Banned (PROTOCOL §2.4): no reconnect is coming; the banned notice across the top says why.
  const banned = useModeration((m) => m.banned !== null);
  const refuse = (e: SyntheticEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setRefused((n) => n + 1);
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: a veil that swallows pointer input meant for the board below it; keys are refused by the game's own handler
    // biome-ignore lint/a11y/noStaticElementInteractions: a veil that swallows pointer input meant for the board below it, not a control
    <div
      data-testid="reconnecting"
      data-link={link}
      onPointerDown={refuse}
      onClick={refuse}
      onContextMenu={refuse}
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 6,
        display: 'grid',
        placeItems: 'center',
        background: 'rgba(10, 11, 14, 0.55)',
        cursor: 'not-allowed',
        touchAction: 'none',
      }}
    >
      <Paper p="lg" radius="lg" withBorder shadow="lg" maw={380} mx="md">
        <Stack align="center" gap="xs">
          {banned ? null : <Loader type="dots" />}
          <Title order={3}>{banned ? 'Not connected' : 'Reconnecting…'}</Title>
          <Text size="sm" c="dimmed" ta="center" role="status">
            {banned
              ? 'The server refused this device: see the notice at the top.'
              : link === 'catching-up'
                ? 'Connected again: catching up with the game before you can play.'
                : 'The connection to the server is lost. Moves are paused until it is back.'}
          </Text>
          {refused > 0 && (
            <Text
              size="sm"
              fw={600}
              c="yellow.4"
              ta="center"
              role="alert"
              data-testid="reconnecting-refused"
              data-count={refused}
            >
              Not sent: you cannot play until the connection is back.
            </Text>
          )}
        </Stack>
      </Paper>
    </div>
  );
}
