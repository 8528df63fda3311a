/**
 * /admin: the server's admin API (PROTOCOL §8.4) for whoever holds ADMIN_TOKEN. The token is kept in
 * sessionStorage only (gone with the tab); every 401/503 is shown with the server's own message.
 */
import { Button, Group, PasswordInput, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../../../replay/api';
import { adminLobbiesQueryOptions } from '../../../replay/queries';
import { AdminError } from './AdminError';
import { AdminLobby } from './AdminLobby';

const TOKEN_KEY = 'admin-token';

function readToken(): string {
  try {
    return sessionStorage.getItem(TOKEN_KEY) ?? '';
  } catch {
    return '';
  }
}

function writeToken(token: string) {
  try {
    if (token) sessionStorage.setItem(TOKEN_KEY, token);
    else sessionStorage.removeItem(TOKEN_KEY);
  } catch {
    // Storage blocked: the token lives in memory for this page only.
  }
}

export function AdminPage() {
  const search = useSearch({ from: '/_default/admin' });
  const navigate = useNavigate({ from: '/admin' });
  const [token, setToken] = useState(readToken);
  const [draft, setDraft] = useState(token);
  const [offset, setOffset] = useState(0);
  // Asked even before a token is entered, so a server without ADMIN_TOKEN says so (503) at once.
  const lobbies = useQuery(adminLobbiesQueryOptions(token, offset));
  const needsToken = !token && lobbies.error instanceof ApiError && lobbies.error.status === 401;

  return (
    <Stack gap="lg" data-testid="admin">
      <div>
        <Title order={1}>Admin</Title>
        <Text c="dimmed">Every lobby on this server, its log and its state at any seq.</Text>
      </div>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          writeToken(draft.trim());
          setToken(draft.trim());
          setOffset(0);
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <PasswordInput
            label="Admin token"
            description="Kept in this tab only (sessionStorage)"
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            style={{ flex: '1 1 260px' }}
            autoComplete="off"
            data-testid="admin-token"
          />
          <Button type="submit" data-testid="admin-token-save">
            Use token
          </Button>
          {token ? (
            <Button
              variant="default"
              onClick={() => {
                writeToken('');
                setToken('');
                setDraft('');
                void navigate({ search: {} });
              }}
            >
              Forget
            </Button>
          ) : null}
        </Group>
      </form>

      {needsToken ? (
        <Text c="dimmed" data-testid="admin-needs-token">
          Enter the server's ADMIN_TOKEN to see its lobbies.
        </Text>
      ) : lobbies.error ? (
        <AdminError error={lobbies.error} />
      ) : lobbies.data ? (
        <Stack gap="xs">
          <Title order={3}>Lobbies</Title>
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover data-testid="admin-lobbies">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Id</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Seats</Table.Th>
                  <Table.Th>Last seq</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lobbies.data.lobbies.map((l) => (
                  <Table.Tr
                    key={l.id}
                    onClick={() => void navigate({ search: { lobby: l.id } })}
                    style={{ cursor: 'pointer' }}
                    data-selected={search.lobby === l.id || undefined}
                    bg={search.lobby === l.id ? 'var(--mantine-color-green-light)' : undefined}
                    data-testid="admin-lobby-row"
                  >
                    <Table.Td ff="monospace">{l.id}</Table.Td>
                    <Table.Td>{l.status}</Table.Td>
                    <Table.Td>{new Date(l.createdAt).toLocaleString()}</Table.Td>
                    <Table.Td>{l.players.map((p) => p.name).join(', ') || '—'}</Table.Td>
                    <Table.Td>{l.lastSeq}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lobbies.data.lobbies.length === 0 ? <Text c="dimmed">No lobbies yet.</Text> : null}
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              disabled={offset === 0}
              onClick={() => setOffset(Math.max(0, offset - 20))}
            >
              Newer
            </Button>
            <Button
              size="xs"
              variant="default"
              disabled={lobbies.data.nextOffset === null}
              onClick={() => setOffset(lobbies.data.nextOffset ?? 0)}
            >
              Older
            </Button>
          </Group>
        </Stack>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}

      {token && search.lobby ? (
        <AdminLobby token={token} lobbyId={search.lobby} from={search.from ?? 0} seq={search.seq ?? null} />
      ) : null}
    </Stack>
  );
}
