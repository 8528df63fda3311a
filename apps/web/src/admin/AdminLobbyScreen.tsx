/**
 * /admin/lobby/$lobbyId?seq=: one lobby as an operator sees it (OPERATIONS §11.5): the replay viewer
 * over the whole log (chat text included) with the admin's panel beside the board. A lobby still open is
 * followed live over the console's own socket (PROTOCOL §4.9 `client-admin-watch`).
 */
import { Button, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams, useSearch } from '@tanstack/react-router';
import { useCallback, useEffect, useState } from 'react';
import { ReplayNoticeCard } from '../replay/ui/ReplayNoticeCard';
import { ReplayViewer, type ReplayAside } from '../replay/ui/ReplayViewer';
import { useActionModal } from './ActionModal';
import { errorWords, lobbyDetailQueryOptions, overviewQueryOptions, readAdminToken } from './admin-api';
import { adminWatch, type AdminWatchView } from './admin-watch';
import { AdminLobbyPanel } from './AdminLobbyPanel';

const CONSOLE = { label: 'Console', to: '/admin' } as const;

function Notice({ title, text }: { title: string; text: string }) {
  return (
    <ReplayNoticeCard
      testId="admin-lobby-notice"
      maw={460}
      title={title}
      text={text}
      back={CONSOLE}
      backVariant="light"
    />
  );
}

export function AdminLobbyScreen() {
  const { lobbyId } = useParams({ from: '/_fullscreen/admin/lobby/$lobbyId' });
  const opened = useSearch({ from: '/_fullscreen/admin/lobby/$lobbyId' });
  const [token] = useState(readAdminToken);
  const detail = useQuery({ ...lobbyDetailQueryOptions(token, lobbyId), enabled: token !== '' });
  const overview = useQuery({ ...overviewQueryOptions(token), enabled: token !== '' });
  const [view, setView] = useState<AdminWatchView | null>(null);
  // A link to a moment (a report's) stays on it; otherwise the newest event is followed.
  const [follow, setFollow] = useState(opened.seq === undefined && opened.turn === undefined);
  const [modal, act] = useActionModal();

  useEffect(() => {
    if (!token) return;
    setView(null);
    return adminWatch(lobbyId, token, setView);
  }, [lobbyId, token]);

  const status = detail.data?.lobby.adminStatus;
  const live = status === 'waiting' || status === 'running';
  const canModerate = overview.data?.admin.canModerate ?? false;
  const aside = useCallback(
    ({ seq, seek, fights }: ReplayAside) =>
      detail.data && view ? (
        <AdminLobbyPanel
          token={token}
          detail={detail.data}
          events={view.events}
          seq={seq}
          seek={seek}
          fights={fights}
          canModerate={canModerate}
          act={act}
          follow={live ? { on: follow, set: setFollow, connected: view.connected } : undefined}
        />
      ) : null,
    [detail.data, view, token, canModerate, act, live, follow],
  );

  if (!token) {
    return (
      <ReplayNoticeCard
        testId="admin-lobby-notice"
        maw={460}
        title="No admin token"
        text="Open the console and enter your admin token first."
        back={CONSOLE}
        backVariant="default"
      >
        <Button renderRoot={(props) => <Link {...props} to="/admin" />}>Open the console</Button>
      </ReplayNoticeCard>
    );
  }
  if (detail.error) return <Notice title="This lobby cannot be shown" text={errorWords(detail.error)} />;
  if (view?.error && view.events.length === 0) return <Notice title="The log could not be read" text={view.error} />;
  if (!view || !view.ready || !detail.data) {
    return (
      <div className="fb-nogame" data-testid="admin-lobby-loading">
        <Stack align="center" gap="sm">
          <Loader />
          <Text c="dimmed">Reading the lobby's log…</Text>
        </Stack>
      </div>
    );
  }
  return (
    <>
      {modal}
      <ReplayViewer
        events={view.events}
        back={CONSOLE}
        live={live ? { watchers: detail.data.watchers, connected: view.connected } : undefined}
        follow={live ? follow : undefined}
        aside={aside}
      />
    </>
  );
}
