/** One lobby in /admin: its events a page at a time, and its serialized state at a chosen seq. */
import { Button, Code, Group, NumberInput, ScrollArea, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { ADMIN_EVENTS_PAGE_SIZE, adminEventsQueryOptions, adminStateQueryOptions } from '../../../replay/queries';
import { AdminError } from './AdminError';

export function AdminLobby({
  token,
  lobbyId,
  from,
  seq,
}: {
  token: string;
  lobbyId: string;
  from: number;
  seq: number | null;
}) {
  const navigate = useNavigate({ from: '/admin' });
  const events = useQuery(adminEventsQueryOptions(token, lobbyId, from));
  const state = useQuery(adminStateQueryOptions(token, lobbyId, seq));
  const [seqDraft, setSeqDraft] = useState<string | number>(seq ?? '');
  useEffect(() => setSeqDraft(seq ?? ''), [seq]);
  const lastSeq = events.data?.lastSeq ?? 0;
  // The server caps a page in bytes too, so it may hold fewer events than asked: Next starts after the last one shown.
  const shownLast = events.data?.events.at(-1)?.seq ?? null;
  const nextFrom = shownLast === null ? null : shownLast + 1;
  const go = (next: { from?: number; seq?: number | null }) =>
    void navigate({
      search: (s) => ({
        lobby: lobbyId,
        from: (next.from ?? s.from) || undefined,
        seq: next.seq === null ? undefined : (next.seq ?? s.seq),
      }),
    });

  return (
    <Stack gap="lg" data-testid="admin-lobby">
      <Stack gap="xs">
        <Title order={3}>
          Events of <Code>{lobbyId}</Code>
        </Title>
        {events.error ? (
          <AdminError error={events.error} />
        ) : events.data ? (
          <>
            <Table.ScrollContainer minWidth={640}>
              <Table striped data-testid="admin-events" verticalSpacing={4} fz="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Seq</Table.Th>
                    <Table.Th>Kind</Table.Th>
                    <Table.Th>Actor</Table.Th>
                    <Table.Th>Payload</Table.Th>
                    <Table.Th>Seed</Table.Th>
                    <Table.Th>At</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {events.data.events.map((e) => (
                    <Table.Tr key={e.seq}>
                      <Table.Td>
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          onClick={() => go({ seq: e.seq })}
                          title="Show the state at this seq"
                        >
                          {e.seq}
                        </Button>
                      </Table.Td>
                      <Table.Td>{e.kind}</Table.Td>
                      <Table.Td
                        ff="monospace"
                        title={e.actor}
                        style={{ maxWidth: 140, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {e.actor}
                      </Table.Td>
                      <Table.Td
                        ff="monospace"
                        style={{ maxWidth: 420, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                      >
                        {JSON.stringify(e.payload)}
                      </Table.Td>
                      <Table.Td ff="monospace">{e.seed ?? ''}</Table.Td>
                      <Table.Td>{new Date(e.at).toLocaleTimeString()}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group gap="xs">
              <Button
                size="xs"
                variant="default"
                disabled={from === 0}
                onClick={() => go({ from: Math.max(0, from - ADMIN_EVENTS_PAGE_SIZE) })}
              >
                Previous
              </Button>
              <Text size="sm" c="dimmed" data-testid="admin-events-range">
                {events.data.events.length > 0
                  ? `${events.data.events[0]!.seq}–${events.data.events[events.data.events.length - 1]!.seq}`
                  : 'none'}{' '}
                of {lastSeq}
              </Text>
              <Button
                size="xs"
                variant="default"
                disabled={nextFrom === null || nextFrom > lastSeq}
                onClick={() => go({ from: nextFrom ?? from })}
                data-testid="admin-events-next"
              >
                Next
              </Button>
            </Group>
          </>
        ) : (
          <Text c="dimmed">Loading…</Text>
        )}
      </Stack>

      <Stack gap="xs">
        <Title order={3}>State</Title>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            go({ seq: seqDraft === '' ? null : Number(seqDraft) });
          }}
        >
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="At seq"
              placeholder="latest"
              min={0}
              value={seqDraft}
              onChange={setSeqDraft}
              allowDecimal={false}
              w={160}
              data-testid="admin-seq"
            />
            <Button type="submit" variant="light" data-testid="admin-seq-show">
              Show
            </Button>
          </Group>
        </form>
        {state.error ? (
          <AdminError error={state.error} />
        ) : state.data ? (
          <ScrollArea.Autosize
            mah={520}
            type="auto"
            // Long states scroll: the keyboard reaches the scroll area too.
            viewportProps={{ tabIndex: 0, role: 'region', 'aria-label': 'Lobby state' }}
          >
            <Code block data-testid="admin-state">
              {JSON.stringify(state.data, null, 2)}
            </Code>
          </ScrollArea.Autosize>
        ) : (
          <Text c="dimmed">Loading…</Text>
        )}
      </Stack>
    </Stack>
  );
}
