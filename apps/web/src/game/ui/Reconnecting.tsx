/**
 * An online game while the connection is down or the game is catching up. The notice ("Reconnecting…")
 * sits with the other notices, never over the board (ARCHITECTURE §7.11), so the whole map stays readable
 * while the player waits. Over the board lies only a faint guard that takes its clicks and taps, so a move
 * made now is refused where the player can see it, in the notice (nothing is sent, nothing is queued).
 * Keyboard moves and the header's pass are refused by the online session with a toast.
 */
import { Group, Loader, Paper, Text } from '@mantine/core';
import type { SyntheticEvent } from 'react';
import type { Link } from '../../online/lobby-store';
import { useModeration } from '../../online/moderation-store';

/** Over the board: swallows pointer input (each refused click or tap calls `onRefused`), dims the map a little. */
export function ReconnectingGuard({ onRefused }: { onRefused: () => void }) {
  const refuse = (e: SyntheticEvent) => {
    e.preventDefault();
    e.stopPropagation();
    onRefused();
  };
  return (
    <div
      data-testid="reconnecting-guard"
      aria-hidden
      onPointerDown={refuse}
      onClick={refuse}
      onContextMenu={refuse}
      style={{
        position: 'absolute',
        inset: 0,
        zIndex: 6,
        background: 'rgba(10, 11, 14, 0.3)',
        cursor: 'not-allowed',
        touchAction: 'none',
      }}
    />
  );
}

/** The notice: why moves are paused, and, once the board refused a click, that nothing was sent. */
export function ReconnectingNotice({ link, refused }: { link: Exclude<Link, 'live'>; refused: number }) {
  // Banned (PROTOCOL §2.4): no reconnect is coming; the banned notice across the top says why.
  const banned = useModeration((m) => m.banned !== null);
  return (
    <Paper
      className="fb-reconnecting"
      radius="lg"
      px="md"
      py={8}
      shadow="lg"
      withBorder
      data-testid="reconnecting"
      data-link={link}
      data-refused={refused > 0 || undefined}
    >
      <div>
        <Group gap="xs" wrap="nowrap">
          {banned ? null : <Loader type="dots" size="sm" />}
          <Text fw={700} size="sm">
            {banned ? 'Not connected' : 'Reconnecting…'}
          </Text>
        </Group>
        <Text size="xs" c="dimmed" role="status" lh={1.3} className="fb-reconnecting-why">
          {banned
            ? 'The server refused this device: see the notice at the top.'
            : link === 'catching-up'
              ? 'Connected again: catching up with the game before you can play.'
              : 'The connection to the server is lost. Moves are paused until it is back.'}
        </Text>
        {refused > 0 && (
          <Text
            size="xs"
            fw={600}
            c="yellow.4"
            role="alert"
            lh={1.3}
            data-testid="reconnecting-refused"
            data-count={refused}
          >
            Not sent: you cannot play until the connection is back.
          </Text>
        )}
      </div>
    </Paper>
  );
}
