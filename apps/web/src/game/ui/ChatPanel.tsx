/**
 * The lobby chat: messages with their senders' names and colours, and a box to send one. Moderation shows here
 * too (PROTOCOL §4.9): a removed message reads "Message removed by a moderator", another person's message has
 * a "Report" action, and a mute or a refused message is said under the box.
 */
// The emoji font, bundled: its CSS comes with the chat; the browser fetches only the subsets messages use.
import '@fontsource/noto-color-emoji';
import { COUNTRY_COLOURS, type Player } from '@four-banners/engine';
import { ActionIcon, Button, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { REMOVED_MESSAGE, muteNotice } from '../moderation-words';
import { isMuted, lobbyStore, markMessagesSeen, useLobby, type Mute } from '../../online/lobby-store';
import { openReport } from '../../online/moderation-store';
import { useOnline } from '../../online/online-link';
import { playerLabel } from '../seats';

const CHAT_MAX = 200;

function senderOf(
  players: readonly Player[],
  id: string,
): { name: string; colour: string | undefined; seated: boolean } {
  const p = players.find((x) => x.id === id);
  if (!p) return { name: 'Someone who left', colour: undefined, seated: false };
  return { name: playerLabel(p), colour: p.country === -1 ? undefined : COUNTRY_COLOURS[p.country], seated: true };
}

/** This device's mute while it lasts: re-renders when it ends, so the box opens again by itself. */
function useActiveMute(): Mute | null {
  const mute = useLobby((l) => l.mute);
  const [, setTick] = useState(0);
  const active = isMuted(mute, Date.now());
  useEffect(() => {
    if (!mute || !active) return;
    // Timers cap near 24.8 days: a longer mute is looked at again then.
    const wait = Math.min(Date.parse(mute.until) - Date.now() + 50, 2 ** 31 - 1);
    const t = setTimeout(() => setTick((n) => n + 1), wait);
    return () => clearTimeout(t);
  }, [mute, active]);
  return active ? mute : null;
}

function SendIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true">
      <path d="M3 11.5 21 3l-8.5 18-2-7.5z" fill="currentColor" />
    </svg>
  );
}

/**
 * The chat of the online lobby; while it is on screen every message counts as seen (ARCHITECTURE §7.4), also
 * after a reload. Messages are plain text; emoji are drawn from the bundled Noto Color Emoji (last in the
 * chat's font stack, so letters stay Inter), served by this app: the same on every device, no system emoji
 * font needed, nothing fetched from elsewhere.
 * `focusInput` puts the focus on the message box when a dialog around the panel opens.
 */
export function ChatPanel({ height = 260, focusInput = false }: { height?: number | string; focusInput?: boolean }) {
  const link = useOnline();
  const messages = useLobby((l) => l.messages);
  const players = useLobby((l) => l.players);
  const me = useLobby((l) => l.playerId);
  const online = useLobby((l) => l.online);
  const draft = useLobby((l) => l.draft);
  const refusal = useLobby((l) => l.chatRefusal);
  const mute = useActiveMute();
  const [sending, setSending] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const canWrite = online && mute === null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new message is the trigger: mark it seen and scroll to it
  useEffect(() => {
    markMessagesSeen();
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight });
  }, [messages.length]);

  const send = async () => {
    const text = draft.trim();
    if (!text || sending) return;
    setSending(true);
    try {
      const client = await link.client();
      // The draft goes only once the server took the message; a refusal keeps it and says why under the box.
      const refused = await client.sendChat(text);
      lobbyStore.set((l) =>
        refused === null ? { ...l, draft: '', chatRefusal: null } : { ...l, chatRefusal: refused },
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Stack gap="xs" data-testid="chat-panel">
      <ScrollArea h={height} viewportRef={viewport} type="auto" className="fb-chat-scroll">
        {messages.length === 0 ? (
          <Text c="dimmed" size="sm" p="xs">
            {online ? 'No messages yet. Say hello!' : 'Chat is for online lobbies. Offline games are quiet.'}
          </Text>
        ) : (
          <Stack gap={6} p="xs" data-testid="chat-messages">
            {messages.map((m, i) => {
              const sender = senderOf(players, m.playerId);
              const reportable = online && m.playerId !== me && !m.removed && sender.seated;
              return (
                <Text
                  // biome-ignore lint/suspicious/noArrayIndexKey: the chat only grows: a message's index is its identity
                  key={i}
                  size="sm"
                  className="fb-chat-line fb-chat-font"
                  data-mine={m.playerId === me || undefined}
                  data-removed={m.removed || undefined}
                  data-seq={m.seq}
                >
                  <Text span fw={700} c={sender.colour}>
                    {m.playerId === me ? 'You' : sender.name}
                  </Text>
                  <Text span c="dimmed">
                    :{' '}
                  </Text>
                  {m.removed ? (
                    <span className="fb-chat-removed">{REMOVED_MESSAGE}</span>
                  ) : (
                    <span className="fb-chat-text">{m.msg}</span>
                  )}
                  {reportable ? (
                    <Button
                      variant="subtle"
                      color="gray"
                      size="compact-xs"
                      className="fb-chat-report"
                      aria-label={`Report this message from ${sender.name}`}
                      data-testid="chat-report"
                      onClick={() => openReport({ playerId: m.playerId, name: sender.name, seq: m.seq })}
                    >
                      Report
                    </Button>
                  ) : null}
                </Text>
              );
            })}
          </Stack>
        )}
      </ScrollArea>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void send();
        }}
      >
        <Group gap="xs" wrap="nowrap">
          <TextInput
            style={{ flex: 1 }}
            placeholder={online ? (mute ? 'You are muted' : 'Message') : 'Join an online lobby to chat'}
            aria-label="Chat message"
            aria-describedby={mute || refusal ? 'fb-chat-notice' : undefined}
            disabled={!canWrite}
            value={draft}
            maxLength={CHAT_MAX}
            data-testid="chat-input"
            classNames={{ input: 'fb-chat-font' }}
            data-autofocus={focusInput || undefined}
            onChange={(e) => {
              const v = e.currentTarget.value;
              lobbyStore.set((l) => ({ ...l, draft: v }));
            }}
          />
          <ActionIcon
            type="submit"
            size="lg"
            variant="filled"
            aria-label="Send"
            disabled={!canWrite || !draft.trim()}
            loading={sending}
            data-testid="chat-send"
          >
            <SendIcon />
          </ActionIcon>
        </Group>
        {mute || refusal ? (
          <Text size="xs" c="yellow.4" mt={4} id="fb-chat-notice" role="alert" data-testid="chat-notice">
            {mute ? muteNotice(mute.until, mute.reason) : refusal}
          </Text>
        ) : null}
      </form>
    </Stack>
  );
}
