/** The lobby chat. Offline there is no one to talk to; online the lobby store fills the messages. */
import { Card, Stack, Text, TextInput, Title } from '@mantine/core';
import { useEffect } from 'react';
import { lobbyStore, useLobby } from '../../../online/lobby-store';

export function ChatPage() {
  const messages = useLobby((l) => l.messages);
  const online = useLobby((l) => l.online);
  const draft = useLobby((l) => l.draft);
  // Opening the chat marks every message as seen (the indicator in the header goes out).
  useEffect(() => {
    if (messages.length > 0) lobbyStore.set((l) => ({ ...l, lastSeenMessage: messages.length - 1 }));
  }, [messages.length]);
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Chat</Title>
      <Card withBorder radius="lg" p="lg" mih={240}>
        {messages.length === 0 ? (
          <Text c="dimmed">{online ? 'No messages yet. Say hello!' : 'Chat is for online lobbies. Offline games are quiet.'}</Text>
        ) : (
          <Stack gap={6}>
            {messages.map((m, i) => (
              <Text key={i} size="sm">
                <b>{m.playerId}</b>: {m.msg}
              </Text>
            ))}
          </Stack>
        )}
      </Card>
      <TextInput
        placeholder={online ? 'Message' : 'Join an online lobby to chat'}
        disabled={!online}
        value={draft}
        maxLength={200}
        onChange={(e) => {
          const v = e.currentTarget.value;
          lobbyStore.set((l) => ({ ...l, draft: v }));
        }}
      />
    </Stack>
  );
}
