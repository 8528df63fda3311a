/** The lobby chat: messages with their senders' names and colours, and a box to send one. */
// The emoji font, bundled: its CSS comes with the chat; the browser fetches only the subsets messages use.
import '@fontsource/noto-color-emoji';
import { COUNTRY_COLOURS, type Player } from '@four-banners/engine';
import { ActionIcon, Group, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { lobbyStore, markMessagesSeen, useLobby } from '../online/lobby-store';
import { useOnline } from '../online/online-link';
import { playerLabel } from '../game/seats';

const CHAT_MAX = 200;

function senderOf(players: readonly Player[], id: string): { name: string; colour: string | undefined } {
  const p = players.find((x) => x.id === id);
  if (!p) return { name: 'Someone who left', colour: undefined };
  return { name: playerLabel(p), colour: p.country === -1 ? undefined : COUNTRY_COLOURS[p.country] };
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
  const [sending, setSending] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);

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
      // The draft goes only once the server took the message; a refusal keeps it for another try.
      if (await client.sendChat(text)) lobbyStore.set((l) => ({ ...l, draft: '' }));
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
              return (
                <Text
                  // biome-ignore lint/suspicious/noArrayIndexKey: the chat only grows: a message's index is its identity
                  key={i}
                  size="sm"
                  className="fb-chat-line fb-chat-font"
                  data-mine={m.playerId === me || undefined}
                >
                  <Text span fw={700} c={sender.colour}>
                    {m.playerId === me ? 'You' : sender.name}
                  </Text>
                  <Text span c="dimmed">
                    :{' '}
                  </Text>
                  <span className="fb-chat-text">{m.msg}</span>
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
            placeholder={online ? 'Message' : 'Join an online lobby to chat'}
            aria-label="Chat message"
            disabled={!online}
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
            disabled={!online || !draft.trim()}
            loading={sending}
            data-testid="chat-send"
          >
            <SendIcon />
          </ActionIcon>
        </Group>
      </form>
    </Stack>
  );
}
