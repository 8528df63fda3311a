/** Every global dialog of SPEC.md §2, opened by the app state's dialog flags. */
import { Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { appStore, redirectTo, setDialog, useAppState } from '../app/app-state';
import { setSeenTutorial, settingsStore } from '../app/settings';
import { closeSession, sessionStore } from '../game/session-store';
import { lobbyStore } from '../online/lobby-store';
import { ConfirmModal } from './ConfirmModal';
import { TutorialModal } from './TutorialModal';

/**
 * Leaves the lobby (SPEC.md §2): online it tells the server and goes to '/' once the server agrees
 * (a refusal shows its message and changes nothing); offline it goes to '/', and the game stays on the
 * main menu as "Continue game" until a new one starts.
 */
function leaveLobby() {
  setDialog('quitLobby', false);
  setDialog('playerStatus', false);
  if (lobbyStore.get().online) {
    void import('../online/online-client').then(({ leaveLobby: leaveOnline }) => leaveOnline());
    return;
  }
  if (sessionStore.get()?.snapshot.outcome) closeSession(); // nothing left to continue
  redirectTo('/');
}

/**
 * The online/offline switch of the lobby (SPEC.md §2): going online creates a lobby with this device as
 * admin; going offline closes the lobby for everybody when this device is its admin, else leaves it.
 */
async function switchLobbyOnline(target: boolean) {
  const online = await import('../online/online-client');
  if (target) {
    await online.createLobby(settingsStore.get().playerName);
    return;
  }
  const lobby = lobbyStore.get();
  if (!lobby.online) return;
  if (lobby.adminId === lobby.playerId) await online.closeLobby();
  else await online.leaveLobby();
}

export function GlobalModals() {
  const dialogs = useAppState((s) => s.dialogs);
  const playerStatus = useAppState((s) => s.playerStatus);
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
      <ConfirmModal
        testId="modal-next-turn"
        opened={dialogs.nextTurn}
        message="Are you sure you want to pass the turn?"
        cancelLabel="No"
        confirmLabel="Yes"
        onCancel={() => setDialog('nextTurn', false)}
        onConfirm={() => {
          setDialog('nextTurn', false);
          sessionStore.get()?.passTurn();
        }}
      />
      <ConfirmModal
        testId="modal-quit-lobby"
        opened={dialogs.quitLobby}
        message="Are you sure you want to leave the lobby?"
        cancelLabel="Stay"
        confirmLabel="Leave"
        danger
        onCancel={() => setDialog('quitLobby', false)}
        onConfirm={leaveLobby}
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
          void switchLobbyOnline(appStore.get().lobbyOnlineTarget);
        }}
      />
      <ConfirmModal
        testId="modal-player-status"
        opened={dialogs.playerStatus}
        size={360}
        message={
          <span style={{ display: 'block', textAlign: 'center' }}>
            <Title order={2} ta="center" component="span" display="block" data-testid="player-status">
              {playerStatus === 'win' ? 'You win' : 'You lost'}
            </Title>
            <Text span size="sm" c="dimmed" fw={400}>
              {playerStatus === 'win' ? 'Every enemy is gone. The map is yours.' : 'Your country is gone from the map.'}
            </Text>
          </span>
        }
        cancelLabel="Stay"
        confirmLabel="Leave lobby"
        onCancel={() => setDialog('playerStatus', false)}
        onConfirm={leaveLobby}
      />
      <ConfirmModal
        testId="modal-lost-connection"
        opened={dialogs.lobbyDisconnected}
        message="You lost connection"
        cancelLabel="Stay"
        confirmLabel="Okay"
        onCancel={() => setDialog('lobbyDisconnected', false)}
        onConfirm={() => {
          setDialog('lobbyDisconnected', false);
          redirectTo('/');
        }}
      />
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
          <Title order={3}>Updating the Game</Title>
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
