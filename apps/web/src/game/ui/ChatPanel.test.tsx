/** The chat list and box as moderation leaves them (PROTOCOL §4.9): removed messages, Report, the mute notice. */
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { appStore, setDialog } from '../../app/app-state';
import { initialLobby, lobbyStore, type ClientLobby } from '../../online/lobby-store';
import { moderationStore } from '../../online/moderation-store';
import { OnlineLinkProvider, createOnlineLink } from '../../online/online-link';
import { theme } from '../../theme';
import { ChatPanel } from './ChatPanel';

const noServer = createOnlineLink(() => Promise.reject(new Error('no server in these tests')));

const seated: Partial<ClientLobby> = {
  online: true,
  lobbyId: 'L1',
  playerId: 'bob',
  players: [
    { id: 'alice', name: 'Alice', country: 0 },
    { id: 'bob', name: 'Bob', country: 1 },
  ],
  messages: [
    { seq: 5, playerId: 'alice', msg: 'hello' },
    { seq: 6, playerId: 'alice', msg: '', removed: true },
    { seq: 7, playerId: 'bob', msg: 'hi' },
    { seq: 8, playerId: 'carol', msg: 'bye' },
  ],
};

function renderChat(lobby: Partial<ClientLobby>) {
  lobbyStore.set({ ...initialLobby, ...lobby });
  return render(
    <MantineProvider theme={theme} forceColorScheme="dark">
      <OnlineLinkProvider value={noServer}>
        <ChatPanel />
      </OnlineLinkProvider>
    </MantineProvider>,
  );
}

const line = (seq: number) => document.querySelector(`.fb-chat-line[data-seq="${seq}"]`) as HTMLElement;

afterEach(() => {
  lobbyStore.set(initialLobby);
  setDialog('report', false);
  moderationStore.set({ report: null, notice: null, banned: null, refusals: 0 });
});

describe('the chat under moderation (PROTOCOL §4.9)', () => {
  it('a removed message says so, greyed, without text; only messages of other seated people can be reported', () => {
    renderChat(seated);
    expect(line(6).textContent).toBe('Alice: Message removed by a moderator');
    expect(within(line(6)).queryByRole('button')).toBeNull();
    expect(within(line(7)).queryByRole('button')).toBeNull(); // this device's own
    expect(within(line(8)).queryByRole('button')).toBeNull(); // someone who left
    fireEvent.click(within(line(5)).getByRole('button', { name: 'Report this message from Alice' }));
    expect(appStore.get().dialogs.report).toBe(true);
    expect(moderationStore.get().report).toEqual({ playerId: 'alice', name: 'Alice', seq: 5 });
  });

  it('while this device is muted the box is disabled and says until when and why; after the end it opens again', async () => {
    const until = new Date(Date.now() + 200);
    renderChat({ ...seated, mute: { until: until.toISOString(), reason: 'flood' } });
    const hhmm = `${String(until.getHours()).padStart(2, '0')}:${String(until.getMinutes()).padStart(2, '0')}`;
    expect(screen.getByTestId('chat-notice').textContent).toBe(`You are muted until ${hhmm}: flood`);
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toHaveProperty('disabled', true);
    await screen.findByPlaceholderText('Message', {}, { timeout: 2000 });
    expect(screen.getByRole('textbox', { name: 'Chat message' })).toHaveProperty('disabled', false);
    expect(screen.queryByTestId('chat-notice')).toBeNull();
  });

  it('a refused message is said under the box', () => {
    renderChat({ ...seated, chatRefusal: 'You are muted everywhere until 14:05.' });
    expect(screen.getByRole('alert').textContent).toBe('You are muted everywhere until 14:05.');
    act(() => lobbyStore.set((l) => ({ ...l, chatRefusal: null })));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
