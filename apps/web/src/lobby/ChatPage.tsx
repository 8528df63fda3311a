/** /chat: the lobby chat on its own page. Offline there is no one to talk to. */
import { Button, Card, Group, Stack, Title } from '@mantine/core';
// Mantine's styles for Card (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link } from '@tanstack/react-router';
import { useLobby } from '../online/lobby-store';
import { ChatPanel } from '../game/ui/ChatPanel';

export function ChatPage() {
  const online = useLobby((l) => l.online);
  const running = useLobby((l) => l.lobby?.game.running ?? false);
  return (
    <Stack gap="lg" maw={640} className="fb-page">
      <Group justify="space-between">
        <Title order={1}>Chat</Title>
        {online ? (
          <Button component={Link} to={running ? '/game' : '/lobby'} variant="light">
            {running ? 'Back to the game' : 'Back to the lobby'}
          </Button>
        ) : null}
      </Group>
      <Card withBorder radius="lg" p="sm">
        <ChatPanel height="min(60vh, 480px)" />
      </Card>
    </Stack>
  );
}
