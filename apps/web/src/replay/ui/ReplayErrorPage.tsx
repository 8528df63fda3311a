/** The replay's error page: an unknown game (404), an unreachable server, or a log that does not fold. */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ApiError } from '../../app/api';
import { ALL_REPLAYS, ReplayNoticeCard, RetryButton } from './ReplayNoticeCard';

function explain(error: unknown): { title: string; text: string; retry: boolean } {
  if (error instanceof ApiError && error.status === 404) {
    return {
      title: 'No such game',
      text: 'The server has no game with this id. The link may be mistyped, or the game was never started.',
      retry: false,
    };
  }
  if (error instanceof ApiError && error.status === 0) {
    return {
      title: 'The server is out of reach',
      text: 'Replays come from the game server, and it could not be reached. Check your connection and try again.',
      retry: true,
    };
  }
  return {
    title: 'This replay could not be loaded',
    text: 'Something went wrong while fetching or reading the game.',
    retry: true,
  };
}

export function ReplayErrorPage({ error, reset }: ErrorComponentProps) {
  const { title, text, retry } = explain(error);
  return (
    <ReplayNoticeCard
      testId="replay-error"
      maw={460}
      title={title}
      text={text}
      error={error}
      back={ALL_REPLAYS}
      backVariant={retry ? 'default' : 'filled'}
      mainMenu
    >
      {retry ? <RetryButton reset={reset} /> : null}
    </ReplayNoticeCard>
  );
}
