/**
 * The banned notice (PROTOCOL §2.4, §4.9): when the server refuses this device's connection as banned, a
 * full-width notice across the top of every screen gives the server's message (the reason and until when)
 * in place of "Reconnecting…". The app does not knock again by itself for a minute; "Try again" does now.
 * Offline play stays open: the notice can be put away (×), and comes back with the next refusal.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { useState } from 'react';
import { retryBanned, useModeration } from '../../online/moderation-store';

export function BannedNotice() {
  const banned = useModeration((m) => m.banned);
  const refusals = useModeration((m) => m.refusals);
  const [hidden, setHidden] = useState<number | null>(null);
  if (banned === null || hidden === refusals) return null;
  return (
    <Alert
      className="fb-banned-notice"
      color="red"
      variant="filled"
      radius={0}
      role="alert"
      withCloseButton
      closeButtonLabel="Hide this notice"
      onClose={() => setHidden(refusals)}
      data-testid="banned-notice"
    >
      <Group justify="center" wrap="wrap" gap="sm">
        <Text size="sm" fw={700}>
          You cannot play online.
        </Text>
        <Text size="sm" data-testid="banned-message">
          {banned}
        </Text>
        <Button size="compact-sm" variant="white" color="dark" onClick={retryBanned} data-testid="banned-retry">
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
