/**
 * The card replay and watch pages show instead of a board (an error, a refusal, nothing to replay): a
 * title, why, the error's own message if there is one, the ways on, then back to the list it came from.
 */
import { Button, Code, Paper, Stack, Text, Title, type ButtonVariant } from '@mantine/core';
// Mantine's styles for Code (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { Link, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ReplayBack } from './ReplayHeader';

/** Back to the list of online games' replays. */
export const ALL_REPLAYS: ReplayBack = { label: 'All replays', to: '/saves', search: { tab: 'replays' } };

interface Props {
  readonly testId: string;
  /** Set as `data-code` (which problem is shown). */
  readonly code?: string;
  readonly maw: number;
  readonly title: string;
  readonly text: string;
  /** Shown in a code block when it is an Error. */
  readonly error?: unknown;
  /** The ways on, above the way back. */
  readonly children?: ReactNode;
  readonly back: ReplayBack;
  readonly backVariant: ButtonVariant;
  /** A last, quiet link to the main menu. */
  readonly mainMenu?: boolean;
}

export function ReplayNoticeCard({
  testId,
  code,
  maw,
  title,
  text,
  error,
  children,
  back,
  backVariant,
  mainMenu = false,
}: Props) {
  return (
    <div className="fb-nogame">
      <Paper p="xl" radius="lg" withBorder maw={maw} data-testid={testId} data-code={code}>
        <Stack gap="md">
          <Title order={2}>{title}</Title>
          <Text c="dimmed">{text}</Text>
          {error instanceof Error ? <Code block>{error.message}</Code> : null}
          {children}
          <Button
            renderRoot={(props) => <Link {...props} to={back.to as never} search={back.search as never} />}
            variant={backVariant}
          >
            {back.label}
          </Button>
          {mainMenu ? (
            <Button component={Link} to="/main-menu" variant="subtle" color="gray">
              Main menu
            </Button>
          ) : null}
        </Stack>
      </Paper>
    </div>
  );
}

/** "Try again" on a route's error page: clears the error and loads the route again. */
export function RetryButton({ reset }: { reset: () => void }) {
  const router = useRouter();
  return (
    <Button
      onClick={() => {
        reset();
        void router.invalidate();
      }}
    >
      Try again
    </Button>
  );
}
