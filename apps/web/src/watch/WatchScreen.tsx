/**
 * /watch/$lobbyId: follows a running online game as it happens, in the replay viewer's live mode.
 * Read-only: the watcher takes no seat and sees no chat text. A person seated in that game is sent to it.
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { Link, useParams } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useLobby } from '../online/lobby-store';
import { watchGame, type WatchView } from './watch-client';
import { useOnline } from '../online/online-link';
import { ALL_REPLAYS, ReplayNoticeCard } from '../replay/ui/ReplayNoticeCard';
import { ReplayViewer } from '../replay/ui/ReplayViewer';

function Notice({ title, text, children }: { title: string; text: string; children?: React.ReactNode }) {
  return (
    <ReplayNoticeCard testId="watch-notice" maw={460} title={title} text={text} back={ALL_REPLAYS} backVariant="light">
      {children}
    </ReplayNoticeCard>
  );
}

/** Words for a watch the server refused. */
function refusal(code: string, message: string): { title: string; text: string } {
  switch (code) {
    case 'not_found':
      return {
        title: 'No game to watch',
        text: 'The server has no open game with this id. It may have ended: finished games are in the replays.',
      };
    case 'unreachable':
      return {
        title: 'The server is out of reach',
        text: 'Live games come from the game server, and it could not be reached. Check your connection and try again.',
      };
    default:
      return { title: 'This game cannot be watched', text: message };
  }
}

export function WatchScreen() {
  const { lobbyId } = useParams({ from: '/_fullscreen/watch/$lobbyId' });
  const seated = useLobby((l) => l.lobbyId === lobbyId);
  const running = useLobby((l) => l.lobby?.game.running ?? false);
  const [view, setView] = useState<WatchView | null>(null);
  const online = useOnline();

  useEffect(() => {
    if (seated) return;
    setView(null);
    return watchGame(lobbyId, setView, () => online.client().then((client) => client.connect()));
  }, [lobbyId, seated, online]);

  if (seated) {
    return (
      <Notice
        title="You play in this game"
        text="Watching is for people who are not seated. Your seat is waiting for you."
      >
        <Button
          renderRoot={(props) => <Link {...props} to={running ? '/game' : '/lobby'} />}
          data-testid="watch-open-game"
        >
          Open the game
        </Button>
      </Notice>
    );
  }
  if (view === null || (!view.ready && view.events.length === 0)) {
    return (
      <div className="fb-nogame" data-testid="watch-loading">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Joining the game as a spectator…</Text>
        </Stack>
      </div>
    );
  }
  if (view.events.length === 0) {
    const { title, text } = view.error
      ? refusal(view.error.code, view.error.message)
      : { title: 'Waiting for the lobby', text: 'Nothing has happened in this lobby yet.' };
    return <Notice title={title} text={text} />;
  }
  return (
    <ReplayViewer
      events={view.events}
      back={ALL_REPLAYS}
      live={view.ended ? undefined : { watchers: view.watchers, connected: view.connected }}
    />
  );
}
