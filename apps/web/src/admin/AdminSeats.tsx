/** The lobby's people as the console shows them (PROTOCOL §4.9): names, ids, presence, addresses, and the actions on each. */
import type { AdminLobbyDetail, AdminSeat } from '@four-banners/protocol';
import { Badge, Button, Code, Group, Paper, Stack, Text } from '@mantine/core';
// Mantine's styles for Badge, Code (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import type { ActionSpec } from './ActionModal';
import { adminActions } from './admin-api';
import { SeatName } from './AdminBits';
import { banAddressSpec, banIdentitySpec, muteSpec } from './person-actions';

function removeSeatSpec(token: string, lobbyId: string, seat: AdminSeat, running: boolean): ActionSpec {
  return {
    title: `Remove ${seat.name} from their seat`,
    what: running
      ? `${seat.name} leaves the game; a bot plays their country from here on.`
      : `${seat.name} leaves the lobby.`,
    confirm: 'Remove from seat',
    done: `${seat.name} was removed from their seat.`,
    run: ({ reason }) => adminActions.removeSeat(token, lobbyId, seat.id, reason),
  };
}

export function AdminSeats({
  token,
  detail,
  canModerate,
  act,
}: {
  token: string;
  detail: AdminLobbyDetail;
  canModerate: boolean;
  act: (spec: ActionSpec) => void;
}) {
  const lobbyId = detail.lobby.id;
  const open = detail.lobby.adminStatus === 'waiting' || detail.lobby.adminStatus === 'running';
  const running = detail.lobby.startedAt !== null;
  return (
    <Stack gap={6} data-testid="admin-seats">
      {detail.seats.map((seat) => {
        const person = !seat.bot && !seat.local;
        return (
          <Paper key={seat.id} withBorder p={8} radius="sm" data-testid="admin-seat" data-player={seat.id}>
            <Group justify="space-between" gap={6} wrap="nowrap">
              <Text fw={600} size="sm">
                <SeatName name={seat.name} country={seat.country} />
              </Text>
              <Group gap={4}>
                {seat.bot ? (
                  <Badge size="sm" variant="light" color="gray">
                    bot
                  </Badge>
                ) : seat.local ? (
                  <Badge size="sm" variant="light" color="gray">
                    hot seat
                  </Badge>
                ) : (
                  <Badge size="sm" variant="light" color={seat.online ? 'green' : 'gray'}>
                    {seat.online ? 'online' : 'offline'}
                  </Badge>
                )}
                {seat.away ? (
                  <Badge size="sm" variant="light" color="orange">
                    away ({seat.away})
                  </Badge>
                ) : null}
                {seat.mutedUntil ? (
                  <Badge size="sm" variant="light" color="yellow" title={new Date(seat.mutedUntil).toLocaleString()}>
                    muted
                  </Badge>
                ) : null}
              </Group>
            </Group>
            <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
              {seat.id}
            </Text>
            {seat.addresses.length > 0 ? (
              <Group gap={4} mt={4}>
                {seat.addresses.map((a) => (
                  <Code key={a} data-testid="admin-seat-address">
                    {a}
                  </Code>
                ))}
              </Group>
            ) : null}
            {canModerate && person ? (
              <Group gap={4} mt={6}>
                {open ? (
                  <Button
                    size="compact-xs"
                    variant="default"
                    onClick={() => act(removeSeatSpec(token, lobbyId, seat, running))}
                    data-testid="admin-remove-seat"
                  >
                    Remove from seat…
                  </Button>
                ) : null}
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => act(muteSpec(token, seat.id, seat.name, lobbyId))}
                  data-testid="admin-mute"
                >
                  Mute…
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  onClick={() => act(banIdentitySpec(token, seat.id, seat.name))}
                  data-testid="admin-ban-identity"
                >
                  Ban identity…
                </Button>
                {seat.addresses.map((a) => (
                  <Button key={a} size="compact-xs" variant="default" onClick={() => act(banAddressSpec(token, a))}>
                    Ban {a}…
                  </Button>
                ))}
              </Group>
            ) : null}
          </Paper>
        );
      })}
      {detail.seats.length === 0 ? <Text c="dimmed">Nobody is seated.</Text> : null}
    </Stack>
  );
}
