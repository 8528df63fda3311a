/**
 * The console's lobby search (OPERATIONS §11.5, PROTOCOL §8.4): by lobby id, person (name or id),
 * status, creation date, sorted and paged. The search lives in the URL, so a search is a link.
 */
import type { AdminLobbyStatus } from '@four-banners/protocol';
import { Badge, Button, Code, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
// Mantine's styles for Badge, Code, Select, Table (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ADMIN_PAGE_SIZE, ADMIN_STATUSES, ago, lobbiesQueryOptions, type LobbySearch } from './admin-api';
import { AdminError } from './AdminError';
import { Pager, SeatName, StatusBadge } from './AdminBits';

/** The dates of the form mean whole days: `until` takes in the last one. */
const apiSearch = (s: LobbySearch): LobbySearch => ({
  ...s,
  since: s.since ? `${s.since}T00:00:00Z` : undefined,
  until: s.until ? `${s.until}T23:59:59.999Z` : undefined,
});

const SORTS = [
  { value: 'created-desc', label: 'Newest first' },
  { value: 'created-asc', label: 'Oldest first' },
  { value: 'updated-desc', label: 'Last active first' },
  { value: 'updated-asc', label: 'Least recently active first' },
];

export function AdminLobbies({ token, search }: { token: string; search: LobbySearch }) {
  const navigate = useNavigate({ from: '/admin' });
  const lobbies = useQuery(lobbiesQueryOptions(token, apiSearch(search)));
  const [q, setQ] = useState(search.q ?? '');
  useEffect(() => setQ(search.q ?? ''), [search.q]);
  const go = (patch: Partial<LobbySearch>) =>
    void navigate({ search: (s) => ({ ...s, ...patch, offset: patch.offset || undefined }) });

  return (
    <Stack gap="sm">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          go({ q: q.trim() || undefined });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label="Search"
            placeholder="Lobby id, person name or id"
            value={q}
            onChange={(e) => setQ(e.currentTarget.value)}
            style={{ flex: '1 1 240px' }}
            data-testid="admin-search"
          />
          <Select
            label="Status"
            placeholder="Any"
            clearable
            data={ADMIN_STATUSES as AdminLobbyStatus[]}
            value={search.status ?? null}
            onChange={(v) => go({ status: (v as AdminLobbyStatus | null) ?? undefined })}
            w={140}
            data-testid="admin-status-filter"
          />
          <TextInput
            type="date"
            label="Created from"
            value={search.since ?? ''}
            onChange={(e) => go({ since: e.currentTarget.value || undefined })}
            w={160}
          />
          <TextInput
            type="date"
            label="Created to"
            value={search.until ?? ''}
            onChange={(e) => go({ until: e.currentTarget.value || undefined })}
            w={160}
          />
          <Select
            label="Order"
            data={SORTS}
            value={`${search.sort ?? 'created'}-${search.order ?? 'desc'}`}
            allowDeselect={false}
            onChange={(v) => {
              const [sort, order] = (v ?? 'created-desc').split('-') as ['created' | 'updated', 'asc' | 'desc'];
              go({ sort: sort === 'created' ? undefined : sort, order: order === 'desc' ? undefined : order });
            }}
            w={220}
          />
          <Button type="submit" data-testid="admin-search-go">
            Search
          </Button>
        </Group>
      </form>

      {lobbies.error ? (
        <AdminError error={lobbies.error} />
      ) : lobbies.data ? (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped highlightOnHover data-testid="admin-lobbies" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lobby</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Players</Table.Th>
                  <Table.Th>Created</Table.Th>
                  <Table.Th>Updated</Table.Th>
                  <Table.Th>Last seq</Table.Th>
                  <Table.Th>Reports</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {lobbies.data.lobbies.map((l) => (
                  <Table.Tr key={l.id} data-testid="admin-lobby-row">
                    <Table.Td>
                      <Link to="/admin/lobby/$lobbyId" params={{ lobbyId: l.id }} data-testid="admin-lobby-link">
                        <Code>{l.id}</Code>
                      </Link>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge status={l.adminStatus} />
                    </Table.Td>
                    <Table.Td>
                      <Group gap="sm">
                        {l.players.map((p) => (
                          <SeatName key={p.id} name={p.name} country={p.country} />
                        ))}
                        {l.players.length === 0 ? <Text c="dimmed">—</Text> : null}
                      </Group>
                    </Table.Td>
                    <Table.Td title={new Date(l.createdAt).toLocaleString()}>{ago(l.createdAt)}</Table.Td>
                    <Table.Td title={new Date(l.updatedAt).toLocaleString()}>{ago(l.updatedAt)}</Table.Td>
                    <Table.Td>{l.lastSeq}</Table.Td>
                    <Table.Td>
                      {l.openReports > 0 ? (
                        <Badge color="red" variant="filled">
                          {l.openReports}
                        </Badge>
                      ) : (
                        <Text c="dimmed">0</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {lobbies.data.lobbies.length === 0 ? <Text c="dimmed">No lobby matches.</Text> : null}
          <Pager
            offset={search.offset ?? 0}
            size={ADMIN_PAGE_SIZE}
            nextOffset={lobbies.data.nextOffset}
            total={lobbies.data.total}
            onOffset={(offset) => go({ offset })}
          />
        </>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Stack>
  );
}
