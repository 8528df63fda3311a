/** A local replay's error page: a log the engine refuses to fold, or storage that could not be read. */
import type { ErrorComponentProps } from '@tanstack/react-router';
import { ReplayError } from '../replay-model';
import { ReplayNoticeCard, RetryButton } from './ReplayNoticeCard';

const SAVED_GAMES = { label: 'Saved games', to: '/saves' } as const;

export function LocalReplayErrorPage({ error, reset }: ErrorComponentProps) {
  const broken = error instanceof ReplayError;
  return (
    <ReplayNoticeCard
      testId="replay-error"
      maw={480}
      title="This replay could not be shown"
      text={
        broken
          ? "The game's log does not replay under this app's rules: it is damaged or was changed by hand."
          : 'Something went wrong while reading the game from this browser.'
      }
      error={error}
      back={SAVED_GAMES}
      backVariant={broken ? 'filled' : 'default'}
      mainMenu
    >
      {broken ? null : <RetryButton reset={reset} />}
    </ReplayNoticeCard>
  );
}
