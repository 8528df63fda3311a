/**
 * The open lobbies (PROTOCOL §8.7): public lobbies waiting for players — the admin's name, seats taken
 * and free, the map, the clock, the age — kept current without reloading (polled every 5 s while shown),
 * each joinable in one click on a free colour.
 */
import { COUNTRY_COLOURS, type PlayableCountry } from '@four-banners/engine';
import type { OpenLobby } from '@four-banners/protocol';
import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { countryLabel } from '../art/art';
import { EmblemDot } from '../art/Emblem';
import { ageOf, clockWords, freeColour, openLobbiesQueryOptions } from '../online/open-lobbies';

function LobbyRow({
  lobby,
  onJoin,
  busy,
  disabled,
}: {
  lobby: OpenLobby;
  onJoin: (lobby: OpenLobby) => void;
  busy: boolean;
  disabled: boolean;
}) {
  const colour = freeColour(lobby);
  const taken = lobby.players.filter((p) => p.country !== -1).length;
  return (
    <Paper withBorder radius="md" p="sm" data-testid={`open-lobby-${lobby.id}`} component="li">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 220px' }}>
          <Text fw={700} truncate>
            {lobby.adminName}’s lobby{lobby.quick ? ' · quick match' : ''}
          </Text>
          <Group gap={6} wrap="wrap">
            {lobby.players.map((p) =>
              p.country >= 0 ? (
                <Group key={p.country} gap={3} wrap="nowrap">
                  <EmblemDot country={p.country} size={12} />
                  <Text size="xs" c={COUNTRY_COLOURS[p.country as PlayableCountry]}>
                    {p.name}
                  </Text>
                </Group>
              ) : null,
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {taken} taken · {lobby.free} free · {lobby.w}×{lobby.h} map · {clockWords(lobby.clock)} · opened{' '}
            {ageOf(lobby.createdAt, Date.now())}
            {ageOf(lobby.createdAt, Date.now()) === 'just now' ? '' : ' ago'}
          </Text>
        </Stack>
        <Button
          size="sm"
          loading={busy}
          disabled={disabled || colour === null || lobby.free === 0}
          onClick={() => onJoin(lobby)}
          aria-label={`Join ${lobby.adminName}’s lobby${colour !== null ? ` on ${countryLabel(colour)}` : ''}`}
          data-testid={`join-open-${lobby.id}`}
        >
          Join
        </Button>
      </Group>
    </Paper>
  );
}

export function OpenLobbies({
  onJoin,
  busyId,
  disabled,
}: {
  onJoin: (lobby: OpenLobby) => void;
  busyId: string | null;
  disabled: boolean;
}) {
  const { data, error, isPending } = useQuery(openLobbiesQueryOptions());
  const lobbies = data?.lobbies ?? [];
  return (
    <Stack gap="sm" data-testid="open-lobbies">
      <Group justify="space-between">
        <Title order={3}>Open lobbies</Title>
        {isPending ? <Loader size="xs" /> : null}
      </Group>
      {error && !data ? (
        <Alert color="yellow" variant="light">
          The list of open lobbies could not be loaded: {error.message}
        </Alert>
      ) : null}
      {data && lobbies.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="open-lobbies-empty">
          No public lobby is waiting for players right now. Create one, or press “Play online now” on the main menu.
        </Text>
      ) : null}
      <Stack gap="xs" component="ul" aria-label="Open lobbies" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {lobbies.map((l) => (
          <LobbyRow key={l.id} lobby={l} onJoin={onJoin} busy={busyId === l.id} disabled={disabled} />
        ))}
      </Stack>
    </Stack>
  );
}
