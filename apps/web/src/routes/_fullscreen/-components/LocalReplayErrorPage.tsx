/** A local replay's error page: a log the engine refuses to fold, or storage that could not be read. */
import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ReplayError } from '../../../replay/replay-model';

export function LocalReplayErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const broken = error instanceof ReplayError;
  return (
    <div className="fb-nogame">
      <Paper p="xl" radius="lg" withBorder maw={480} data-testid="replay-error">
        <Stack gap="md">
          <Title order={2}>This replay could not be shown</Title>
          <Text c="dimmed">
            {broken
              ? "The game's log does not replay under this app's rules: it is damaged or was changed by hand."
              : 'Something went wrong while reading the game from this browser.'}
          </Text>
          {error instanceof Error ? <Code block>{error.message}</Code> : null}
          {broken ? null : (
            <Button
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try again
            </Button>
          )}
          <Button renderRoot={(props) => <Link {...props} to="/saves" />} variant={broken ? 'filled' : 'default'}>
            Saved games
          </Button>
          <Button component={Link} to="/main-menu" variant="subtle" color="gray">
            Main menu
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
