/** The app's toasts, bottom centre, above everything. */
import { CloseButton, Group, Paper, Text } from '@mantine/core';
import { dismissToast, useToasts } from './toasts';

export function Toasts() {
  const toasts = useToasts();
  if (toasts.length === 0) return null;
  return (
    <div className="fb-toasts" aria-live="assertive">
      {toasts.map((t) => (
        <Paper
          key={t.id}
          className="fb-app-toast"
          data-tone={t.tone}
          data-testid="app-toast"
          role="alert"
          radius="md"
          px="md"
          py="xs"
          shadow="lg"
          withBorder
        >
          <Group gap="sm" wrap="nowrap" justify="space-between">
            <Text size="sm">{t.message}</Text>
            <CloseButton size="sm" aria-label="Dismiss" onClick={() => dismissToast(t.id)} />
          </Group>
        </Paper>
      ))}
    </div>
  );
}
