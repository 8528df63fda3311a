/**
 * Play online: the open lobbies (public ones waiting for players, one click to join on a free colour),
 * create a lobby (private — invite only — by default, or public; with a turn clock) where the creator is
 * on green at once, or join one by its id. PROTOCOL §4.7, §8.7.
 */
import { TURN_CLOCKS, type TurnClock } from '@four-banners/engine';
import type { OpenLobby } from '@four-banners/protocol';
import {
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
// Mantine's styles for Card, Divider, SegmentedControl, Select, SimpleGrid (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link, useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { setPlayerName, useSettings } from '../app/settings';
import { placeAfterEntering } from '../online/lobby-actions';
import { useLobby } from '../online/lobby-store';
import { clockWords, freeColour } from '../online/open-lobbies';
import { useOnline } from '../online/online-link';
import { OpenLobbies } from './OpenLobbies';

/** The colour the creator takes at once (PROTOCOL §4.7): green. */
const CREATOR_COLOUR = 0;

/** The clock a new lobby gets unless its creator picks one: 60 s when public, none when private. */
export function defaultClock(listed: boolean): TurnClock {
  return listed ? 60 : 0;
}

export function JoinLobby() {
  const loadOnline = useOnline().client;
  const search = useSearch({ from: '/_default/join-lobby' });
  const navigate = useNavigate();
  const name = useSettings((s) => s.playerName);
  const seatedIn = useLobby((l) => (l.online ? l.lobbyId : null));
  const connected = useLobby((l) => l.status);
  // Lobby ids are upper-case letters and digits; accept them typed in any case.
  const [code, setCode] = useState((search.id ?? '').toUpperCase());
  const [busy, setBusy] = useState<string | null>(null);
  const [nameDraft, setNameDraft] = useState(name);
  const [listed, setListed] = useState(false);
  const [clock, setClock] = useState<TurnClock | null>(null);
  const playerName = nameDraft.trim() || name;
  const shownClock = clock ?? defaultClock(listed);

  const run = async (what: string, go: (online: Awaited<ReturnType<typeof loadOnline>>) => Promise<boolean>) => {
    setBusy(what);
    try {
      if (playerName !== name) setPlayerName(playerName);
      const online = await loadOnline();
      if (await go(online)) void navigate({ to: placeAfterEntering() });
    } finally {
      setBusy(null);
    }
  };
  const create = () =>
    run('create', (o) => o.createLobby(playerName, { country: CREATOR_COLOUR, listed, clock: shownClock }));
  const joinById = () => run('join', (o) => o.joinLobby(code.trim(), playerName));
  const joinOpen = (lobby: OpenLobby) =>
    run(lobby.id, (o) => o.joinLobby(lobby.id, playerName, freeColour(lobby) ?? undefined));

  return (
    <Stack gap="lg" maw={760} className="fb-page">
      <div>
        <Title order={1}>Play online</Title>
        <Text c="dimmed">
          Join an open lobby, or gather up to four countries in your own: chat, pick colours and play together.
        </Text>
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
      <Group align="flex-end" gap="md" wrap="wrap">
        <TextInput
          label="Your name"
          maxLength={32}
          value={nameDraft}
          onChange={(e) => setNameDraft(e.currentTarget.value)}
          w={320}
          maw="100%"
          data-testid="online-name"
        />
        <Button component={Link} to="/quick-match" variant="light" data-testid="to-quick-match">
          Play online now (quick match)
        </Button>
      </Group>
      <OpenLobbies onJoin={(l) => void joinOpen(l)} busyId={busy} disabled={busy !== null || seatedIn !== null} />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        <Card withBorder radius="lg" p="lg">
          <Stack justify="space-between" h="100%" gap="sm">
            <div>
              <Title order={3}>New lobby</Title>
              <Text size="sm" c="dimmed">
                You become its admin, on green: add bots, set the map and start the game.
              </Text>
            </div>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="create-listed-label">
                Who can join
              </Text>
              <SegmentedControl
                aria-labelledby="create-listed-label"
                fullWidth
                data={[
                  { value: 'private', label: 'Private (invite)' },
                  { value: 'public', label: 'Public (listed)' },
                ]}
                value={listed ? 'public' : 'private'}
                onChange={(v) => setListed(v === 'public')}
                data-testid="create-listed"
              />
            </Stack>
            <Select
              label="Turn clock"
              data={TURN_CLOCKS.map((c) => ({ value: String(c), label: clockWords(c) }))}
              value={String(shownClock)}
              allowDeselect={false}
              onChange={(v) => v !== null && setClock(Number(v) as TurnClock)}
              comboboxProps={{ withinPortal: true }}
              data-testid="create-clock"
            />
            <Button
              size="md"
              onClick={() => void create()}
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
              if (code.trim()) void joinById();
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
