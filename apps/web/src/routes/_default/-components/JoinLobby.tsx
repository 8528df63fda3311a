/** Play online: create a lobby (as its admin) or join one by its id, also from a shared link. */
import { Anchor, Button, Card, Divider, Group, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { setPlayerName, useSettings } from '../../../app/settings';
import { useLobby } from '../../../online/lobby-store';
import { useOnline } from '../../../online/online-link';

export function JoinLobby() {
  const loadOnline = useOnline().client;
  const search = useSearch({ from: '/_default/join-lobby' });
  const navigate = useNavigate();
  const name = useSettings((s) => s.playerName);
  const seatedIn = useLobby((l) => (l.online ? l.lobbyId : null));
  const connected = useLobby((l) => l.status);
  // Lobby ids are upper-case letters and digits; accept them typed in any case.
  const [code, setCode] = useState((search.id ?? '').toUpperCase());
  const [busy, setBusy] = useState<'create' | 'join' | null>(null);
  const [nameDraft, setNameDraft] = useState(name);
  const playerName = nameDraft.trim() || name;

  const run = async (what: 'create' | 'join') => {
    setBusy(what);
    try {
      if (playerName !== name) setPlayerName(playerName);
      const online = await loadOnline();
      const ok =
        what === 'create' ? await online.createLobby(playerName) : await online.joinLobby(code.trim(), playerName);
      if (ok) void navigate({ to: '/lobby' });
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack gap="lg" maw={720} className="fb-page">
      <div>
        <Title order={1}>Play online</Title>
        <Text c="dimmed">Gather up to four countries in a lobby, chat, pick colours and play together.</Text>
      </div>
      {seatedIn ? (
        <Card withBorder radius="lg" p="lg" data-testid="already-seated">
          <Group justify="space-between">
            <Text>
              You are in lobby <b>{seatedIn}</b>.
            </Text>
            <Button component={Link} to="/lobby">
              Back to the lobby
            </Button>
          </Group>
        </Card>
      ) : null}
      <TextInput
        label="Your name"
        maxLength={32}
        value={nameDraft}
        onChange={(e) => setNameDraft(e.currentTarget.value)}
        maw={360}
        data-testid="online-name"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" p="lg">
          <Stack justify="space-between" h="100%">
            <div>
              <Title order={3}>New lobby</Title>
              <Text size="sm" c="dimmed">
                You become its admin: add bots, set the map and start the game. Share the lobby id with friends.
              </Text>
            </div>
            <Button
              size="md"
              onClick={() => void run('create')}
              loading={busy === 'create'}
              disabled={busy !== null || seatedIn !== null}
              data-testid="create-lobby"
            >
              Create a lobby
            </Button>
          </Stack>
        </Card>
        <Card withBorder radius="lg" p="lg">
          <form
            onSubmit={(e) => {
              e.preventDefault();
              if (code.trim()) void run('join');
            }}
          >
            <Stack>
              <Title order={3}>Join a lobby</Title>
              <TextInput
                label="Lobby id"
                placeholder="e.g. W5VVVK"
                value={code}
                maxLength={64}
                onChange={(e) => setCode(e.currentTarget.value.toUpperCase())}
                data-testid="lobby-id-input"
                autoCapitalize="characters"
                autoCorrect="off"
                spellCheck={false}
              />
              <Button
                type="submit"
                size="md"
                loading={busy === 'join'}
                disabled={busy !== null || !code.trim() || (seatedIn !== null && seatedIn !== code.trim())}
                data-testid="join-lobby"
              >
                Join lobby
              </Button>
            </Stack>
          </form>
        </Card>
      </SimpleGrid>
      <Divider />
      <Group justify="space-between">
        <Text size="sm" c="dimmed">
          {connected ? 'Connected to the game server.' : 'The game server is reached when you create or join a lobby.'}
        </Text>
        <Anchor component={Link} to="/lobby" size="sm">
          Play offline instead
        </Anchor>
      </Group>
    </Stack>
  );
}
