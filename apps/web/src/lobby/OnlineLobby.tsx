/**
 * The online lobby (ARCHITECTURE §7.7): the seats by colour with presence, picking a free colour, chat,
 * and for the admin bots, removals, the map and start. Everything shown is the fold of the server's
 * events; every button sends a request, and a refusal shows its message.
 */
import { PLAYABLE_COUNTRIES, actable } from '@four-banners/engine';
import { Alert, Button, Card, CopyButton, Group, Paper, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
// Mantine's styles for Card, SimpleGrid, Switch (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link } from '@tanstack/react-router';
import { appStore, setDialog } from '../app/app-state';
import { MiniMap } from '../board/MiniMap';
import { randomSeed } from '../game/offline-log';
import { playerLabel } from '../game/seats';
import { MAX_SIDE, MIN_SIDE, clampSide } from '../game/setup-store';
import { useLobby } from '../online/lobby-store';
import { useOnline } from '../online/online-link';
import { ChatPanel } from '../game/ui/ChatPanel';
import { WatchersBadge } from '../game/ui/WatchersBadge';
import { LobbySettings } from './LobbySettings';
import { MapField, PlayerLine, SeatCard, useBusy } from './OnlineLobbyParts';

export function OnlineLobby() {
  const online = useOnline().client;
  const lobby = useLobby((l) => l.lobby)!;
  const me = useLobby((l) => l.playerId);
  const presence = useLobby((l) => l.presence);
  const connected = useLobby((l) => l.status);
  const [busy, run] = useBusy();
  const game = lobby.game;
  // Once the game runs, seats and the map are fixed: nobody gets buttons the server would refuse.
  const isAdmin = lobby.adminId === me && !game.running;
  const startCheck = actable(game, { id: 'start', info: {} });
  // The server plays bots only for people: an online game needs a person on a colour.
  const personPlays = lobby.players.some((p) => !p.bot && p.country !== -1);
  const spectators = lobby.players.filter((p) => p.country === -1);
  const invite = `${window.location.origin}/join/${encodeURIComponent(lobby.lobbyId)}`;
  const admin = lobby.players.find((p) => p.id === lobby.adminId);

  return (
    <Stack gap="xl" data-testid="online-lobby">
      <Group justify="space-between" align="flex-end" gap="md">
        <div>
          <Title order={1}>Online lobby</Title>
          <Group gap={8} mt={4}>
            <Text c="dimmed">Lobby id</Text>
            <Text fw={800} ff="monospace" data-testid="lobby-id" className="fb-lobby-id">
              {lobby.lobbyId}
            </Text>
            <CopyButton value={invite}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="light" onClick={copy} data-testid="copy-invite">
                  {copied ? 'Link copied' : 'Copy invite link'}
                </Button>
              )}
            </CopyButton>
            <CopyButton value={`${window.location.origin}/watch/${encodeURIComponent(lobby.lobbyId)}`}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="subtle" onClick={copy} data-testid="copy-watch-link">
                  {copied ? 'Link copied' : 'Copy watch link'}
                </Button>
              )}
            </CopyButton>
            <WatchersBadge />
          </Group>
        </div>
        <Group gap="md">
          <Switch
            label="Online lobby"
            checked
            onChange={() => {
              appStore.set((s) => ({ ...s, lobbyOnlineTarget: false }));
              setDialog('lobbyOnline', true);
            }}
          />
          <Button variant="default" color="red" onClick={() => setDialog('quitLobby', true)} data-testid="leave-lobby">
            Leave
          </Button>
        </Group>
      </Group>
      {game.running ? (
        <Alert color="green" variant="light" title="The game is on" data-testid="game-running">
          <Group justify="space-between">
            <Text size="sm">Seats and the map are fixed until the game ends.</Text>
            <Button component={Link} to="/game" size="xs">
              Back to the game
            </Button>
          </Group>
        </Alert>
      ) : null}
      {!connected ? (
        <Alert color="yellow" variant="light" title="Reconnecting…">
          The connection to the game server dropped. Your seat is kept; the lobby catches up when it is back.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={3}>Seats</Title>
          <Text size="sm" c="dimmed">
            Pick a free colour. Turn order follows the order players joined.{' '}
            {isAdmin
              ? 'As admin you add bots, remove players and start the game.'
              : `${admin ? playerLabel(admin) : 'The admin'} sets the map and starts the game.`}
          </Text>
          {PLAYABLE_COUNTRIES.map((c) => (
            <SeatCard key={c} lobby={lobby} country={c} me={me} presence={presence} busy={busy} run={run} />
          ))}
          {spectators.length > 0 ? (
            <Paper withBorder radius="lg" p="md">
              <Text size="sm" c="dimmed" mb={6}>
                Without a colour
              </Text>
              <Stack gap={6}>
                {spectators.map((p) => (
                  <PlayerLine
                    key={p.id}
                    player={p}
                    me={me}
                    adminId={lobby.adminId}
                    presence={presence}
                    actions={
                      isAdmin && p.id !== me ? (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          color="red"
                          loading={busy === `remove-${p.id}`}
                          onClick={() => run(`remove-${p.id}`, async () => (await online()).removePlayer(p.id))}
                        >
                          Remove
                        </Button>
                      ) : null
                    }
                  />
                ))}
              </Stack>
            </Paper>
          ) : null}
        </Stack>
        <Stack gap="sm">
          <Title order={3}>Map</Title>
          <Paper withBorder radius="lg" p="sm" className="fb-lobby-map" data-testid="online-map">
            {game.tiles.length > 0 ? (
              <MiniMap game={game} />
            ) : (
              <Text c="dimmed" ta="center" py="xl" size="sm">
                The map appears once two colours are taken.
              </Text>
            )}
          </Paper>
          <Group grow align="flex-end">
            <MapField
              label="Width"
              value={lobby.w}
              min={MIN_SIDE}
              max={MAX_SIDE}
              disabled={!isAdmin}
              testId="map-w"
              onCommit={(v) => run('w', async () => (await online()).updateMap({ w: clampSide(v) }))}
            />
            <MapField
              label="Height"
              value={lobby.h}
              min={MIN_SIDE}
              max={MAX_SIDE}
              disabled={!isAdmin}
              testId="map-h"
              onCommit={(v) => run('h', async () => (await online()).updateMap({ h: clampSide(v) }))}
            />
            <MapField
              label="Seed"
              value={lobby.seed}
              min={0}
              max={2 ** 32 - 1}
              disabled={!isAdmin}
              testId="map-seed"
              onCommit={(v) => run('seed', async () => (await online()).updateMap({ seed: Math.floor(v) % 2 ** 32 }))}
            />
          </Group>
          {isAdmin ? (
            <Group grow>
              <Button
                variant="default"
                loading={busy === 'new-map'}
                onClick={() => run('new-map', async () => (await online()).updateMap({ seed: randomSeed() }))}
              >
                New map
              </Button>
              <Button variant="default" component={Link} to="/lobby-preview">
                Full-screen preview
              </Button>
            </Group>
          ) : null}
          <Title order={3} mt="md">
            Settings
          </Title>
          <LobbySettings lobby={lobby} isAdmin={isAdmin} run={run} />
          <Title order={3} mt="md">
            Chat
          </Title>
          <Card withBorder radius="lg" p="xs">
            <ChatPanel height={220} />
          </Card>
        </Stack>
      </SimpleGrid>
      {isAdmin ? (
        <Group className="fb-actionbar" justify="flex-end" gap="sm" wrap="wrap">
          {!startCheck.ok ? (
            <Text size="sm" c="yellow.4" className="fb-actionbar-note" role="status">
              A game needs at least two colours taken (people or bots).
            </Text>
          ) : !personPlays ? (
            <Text size="sm" c="yellow.4" className="fb-actionbar-note" role="status" data-testid="needs-person">
              An online game needs at least one person on a colour: take one, or play against bots offline.
            </Text>
          ) : (
            <Text size="sm" c="dimmed" className="fb-actionbar-note">
              {lobby.players.filter((p) => p.country !== -1).length} colours taken · {lobby.w} × {lobby.h} map
            </Text>
          )}
          <Button
            size="md"
            miw={180}
            disabled={!startCheck.ok || !personPlays}
            loading={busy === 'start'}
            onClick={() => run('start', async () => (await online()).startGame())}
            data-testid="online-start"
          >
            Start game
          </Button>
        </Group>
      ) : game.running ? null : (
        <Group className="fb-actionbar" justify="center">
          <Text size="sm" c="dimmed" ta="center" role="status">
            Waiting for {admin ? playerLabel(admin) : 'the admin'} to start the game…
          </Text>
        </Group>
      )}
    </Stack>
  );
}
