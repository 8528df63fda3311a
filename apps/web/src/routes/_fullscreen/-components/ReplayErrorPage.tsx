/** The replay's error page: an unknown game (404), an unreachable server, or a log that does not fold. */
import { Button, Code, Paper, Stack, Text, Title } from '@mantine/core';
import { Link, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../../replay/api';

function explain(error: unknown): { title: string; text: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 404) {
    return { title: 'No such game', text: 'The server has no game with this id. The link may be mistyped, or the game was never started.', retry: false };
  }
  if (error instanceof ApiError && error.status === 0) {
    return { title: 'The server is out of reach', text: 'Replays come from the game server, and it could not be reached. Check your connection and try again.', retry: true };
  }
  return { title: 'This replay could not be loaded', text: 'Something went wrong while fetching or reading the game.', retry: true };
}

export function ReplayErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  const { title, text, retry } = explain(error);
  return (
    <div className="fb-nogame">
      <Paper p="xl" radius="lg" withBorder maw={460} data-testid="replay-error">
        <Stack gap="md">
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{text}</Text>
          {error instanceof Error ? <Code block>{error.message}</Code> : null}
          {retry ? (
            <Button
              onClick={() => {
                reset();
                void router.invalidate();
              }}
            >
              Try again
            </Button>
          ) : null}
          <Button renderRoot={(props) => <Link {...props} to="/saves" search={{ tab: 'replays' }} />} variant={retry ? 'default' : 'filled'}>
            All replays
          </Button>
          <Button component={Link} to="/main-menu" variant="subtle" color="gray">
            Main menu
          </Button>
        </Stack>
      </Paper>
    </div>
  );
}
