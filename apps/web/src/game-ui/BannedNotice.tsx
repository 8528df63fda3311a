/**
 * The banned notice (PROTOCOL §2.4, §4.9): when the server refuses this device's connection as banned, a
 * full-width notice across the top of every screen gives the server's message (the reason and until when)
 * in place of "Reconnecting…". The app does not knock again by itself for a minute; "Try again" does now.
 * Offline play stays open underneath.
 */
import { Alert, Button, Group, Text } from '@mantine/core';
import { retryBanned, useModeration } from '../online/moderation-store';

export function BannedNotice() {
  const banned = useModeration((m) => m.banned);
  if (banned === null) return null;
  return (
    <Alert
      className="fb-banned-notice"
      color="red"
      variant="filled"
      radius={0}
      role="alert"
      title="You cannot play online"
      data-testid="banned-notice"
    >
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Text size="sm" data-testid="banned-message">
          {banned}
        </Text>
        <Button size="xs" variant="white" color="red" onClick={retryBanned} data-testid="banned-retry">
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
