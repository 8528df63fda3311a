/**
 * Every global dialog (ARCHITECTURE §7.3), opened by the app state's dialog flags. The dialogs only show:
 * what their buttons do is online/lobby-actions.ts.
 */
import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { Suspense, lazy, useEffect, useState } from 'react';
import { appStore, setDialog, useAppState } from '../app/app-state';
import { setSeenTutorial } from '../app/settings';
import { useStore } from '../app/store';
import { sessionStore } from '../game/session-store';
import {
  leaveAfterLostConnection,
  leaveLobby,
  quitMessage,
  rematchOffline,
  switchLobbyOnline,
  watchReplay,
} from '../online/lobby-actions';
import { linkOf, useLobby } from '../online/lobby-store';
import { ModerationNotice } from '../game/ui/ModerationNotice';
import { ConfirmModal } from './ConfirmModal';
import { PassTurnModal } from './PassTurnModal';
import { TutorialModal } from './TutorialModal';
import { useOnline } from '../online/online-link';

/** The game's result in numbers: its own chunk, fetched when the player-status dialog first opens. */
const GameSummary = lazy(() => import('./GameSummary').then((m) => ({ default: m.GameSummary })));

/**
 * The dialogs that only online play uses (reporting a person, the online rematch buttons) load once this
 * device is in an online lobby, so the first screen's dialogs (the tutorial) do not wait for them, nor for
 * the protocol's schemas they bring (ARCHITECTURE §7.12).
 */
const loadReportModal = () => import('../game/ui/ReportModal');
const loadRematchButton = () => import('../online/RematchButton');
const loadQuickMatchAgainButton = () => import('../online/QuickMatchAgainButton');
const ReportModal = lazy(() => loadReportModal().then((m) => ({ default: m.ReportModal })));
const RematchButton = lazy(() => loadRematchButton().then((m) => ({ default: m.RematchButton })));
const QuickMatchAgainButton = lazy(() =>
  loadQuickMatchAgainButton().then((m) => ({ default: m.QuickMatchAgainButton })),
);

/**
 * Player status (ARCHITECTURE §7.3): 'You win' / 'You lost' with Stay and Leave lobby; under the words the
 * game's summary (turns, land and units over the game, fights won and lost), and the ways on: watch
 * the game's replay, or play it again. 440 px wide, with a narrow margin on phones: the chart wants the width.
 */
function PlayerStatusModal({ onLeave }: { onLeave: () => void }) {
  const opened = useAppState((s) => s.dialogs.playerStatus);
  const playerStatus = useAppState((s) => s.playerStatus);
  const session = useStore(sessionStore, (s) => s);
  const online = session?.online ?? false;
  const close = () => setDialog('playerStatus', false);
  return (
    <Modal opened={opened} onClose={close} size={440} xOffset={8} data-testid="modal-player-status">
      <Text size="lg" fw={600}>
        <span style={{ display: 'block', textAlign: 'center' }}>
          {/* The dialog's accessible name: Modal.Title registers its id with the dialog. */}
          <Modal.Title component="span" display="block">
            <Title order={2} ta="center" component="span" display="block" data-testid="player-status">
              {playerStatus === 'win' ? 'You win' : 'You lost'}
            </Title>
          </Modal.Title>
          <Text span size="sm" c="dimmed" fw={400}>
            {playerStatus === 'win' ? 'Every enemy is gone. The map is yours.' : 'Your country is gone from the map.'}
          </Text>
        </span>
      </Text>
      {session ? (
        <Suspense fallback={<div style={{ minHeight: 120 }} />}>
          <GameSummary session={session} />
        </Suspense>
      ) : null}
      <Group grow mt="lg" gap="sm">
        <Button variant="light" onClick={watchReplay} data-testid="status-watch-replay">
          Watch replay
        </Button>
        {online ? (
          <Suspense fallback={null}>
            <RematchButton onGo={close} />
            <QuickMatchAgainButton onGo={close} />
          </Suspense>
        ) : (
          <Button variant="light" onClick={rematchOffline} data-testid="status-rematch">
            Rematch
          </Button>
        )}
      </Group>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={close}>
          Stay
        </Button>
        <Button onClick={onLeave} data-autofocus>
          Leave lobby
        </Button>
      </Group>
    </Modal>
  );
}

/**
 * Lost connection (ARCHITECTURE §7.3): 'You lost connection' with Okay (goes to '/') and Stay. It closes
 * by itself once the client has reconnected and caught up, so Stay, which keeps the player in the game,
 * is the default; a line under the text says what the connection is doing meanwhile.
 */
function LostConnectionModal() {
  const opened = useAppState((s) => s.dialogs.lobbyDisconnected);
  const link = useLobby(linkOf);
  const stay = () => setDialog('lobbyDisconnected', false);
  return (
    <Modal opened={opened} onClose={stay} size="md" data-testid="modal-lost-connection">
      <Modal.Title component="div">
        <Text size="lg" fw={600}>
          You lost connection
        </Text>
      </Modal.Title>
      <Group gap="xs" mt="xs" data-testid="lost-connection-state" data-link={link}>
        {link !== 'live' && <Loader size="xs" type="dots" />}
        <Text size="sm" c="dimmed" role="status">
          {link === 'catching-up'
            ? 'Connected again: catching up with the game…'
            : 'Reconnecting… this closes by itself when you are back.'}
        </Text>
      </Group>
      <Group justify="flex-end" mt="xl" gap="sm">
        <Button variant="default" onClick={leaveAfterLostConnection}>
          Okay
        </Button>
        <Button onClick={stay} data-autofocus>
          Stay
        </Button>
      </Group>
    </Modal>
  );
}

/** The report dialog, mounted once this device has been online or a report was asked for. */
function OnlineDialogs() {
  const wanted = useAppState((s) => s.dialogs.report);
  const inOnlineLobby = useLobby((l) => l.online);
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (!inOnlineLobby && !wanted) return;
    setMounted(true);
    // Ready before a game ends online: the rematch buttons of the player-status dialog.
    void loadRematchButton().catch(() => undefined);
    void loadQuickMatchAgainButton().catch(() => undefined);
  }, [inOnlineLobby, wanted]);
  return mounted || wanted ? (
    <Suspense fallback={null}>
      <ReportModal />
    </Suspense>
  ) : null;
}

export function GlobalModals() {
  const online = useOnline();
  const quitQuestion = useLobby((l) => quitMessage(l.online ? l.lobby : null, l.playerId));
  const leave = () => leaveLobby(online);
  const dialogs = useAppState((s) => s.dialogs);
  const onlineTarget = useAppState((s) => s.lobbyOnlineTarget);

  return (
    <>
      <TutorialModal
        opened={dialogs.tutorial}
        onClose={() => {
          setSeenTutorial(true);
          setDialog('tutorial', false);
        }}
      />
      <PassTurnModal />
      <ConfirmModal
        testId="modal-quit-lobby"
        opened={dialogs.quitLobby}
        message={quitQuestion}
        cancelLabel="Stay"
        confirmLabel="Leave"
        danger
        onCancel={() => setDialog('quitLobby', false)}
        onConfirm={leave}
      />
      <ConfirmModal
        testId="modal-lobby-online"
        opened={dialogs.lobbyOnline}
        message={`Are you sure you want to change lobby to "${onlineTarget ? 'Online' : 'Offline'}"?`}
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setDialog('lobbyOnline', false)}
        onConfirm={() => {
          setDialog('lobbyOnline', false);
          void switchLobbyOnline(online, appStore.get().lobbyOnlineTarget);
        }}
      />
      <PlayerStatusModal onLeave={leave} />
      <LostConnectionModal />
      <OnlineDialogs />
      <ModerationNotice />
      <Modal
        opened={dialogs.workerUpdate}
        onClose={() => {}}
        withCloseButton={false}
        closeOnClickOutside={false}
        closeOnEscape={false}
        size={360}
        data-testid="modal-update"
      >
        <Stack align="center" gap="sm" py="md">
          <Modal.Title component="div">
            <Title order={3}>Updating the Game</Title>
          </Modal.Title>
          <Group gap="xs">
            <Loader />
          </Group>
          <Text c="dimmed" size="sm" ta="center">
            A new version of Four Banners is ready. It starts in a moment.
          </Text>
        </Stack>
      </Modal>
    </>
  );
}
