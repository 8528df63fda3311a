/**
 * The reports queue (PROTOCOL §4.9): who reported whom, why, and the moment (a link opens the lobby at
 * that seq); an operator resolves a report as actioned or dismissed, or acts on the person from here.
 */
import type { Report } from '@four-banners/protocol';
import { Button, Code, Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
// Mantine's styles for Code, SegmentedControl, Table (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useActionModal } from './ActionModal';
import { ADMIN_PAGE_SIZE, adminActions, ago, reportsQueryOptions } from './admin-api';
import { AdminError } from './AdminError';
import { Pager } from './AdminBits';
import { banIdentitySpec, muteSpec } from './person-actions';

/** The server adds the reporter's address to each report (to spot one address reporting under many names). */

export function AdminReports({ token, canModerate }: { token: string; canModerate: boolean }) {
  const [status, setStatus] = useState<'open' | 'resolved'>('open');
  const [offset, setOffset] = useState(0);
  const reports = useQuery(reportsQueryOptions(token, status, offset));
  const [modal, openAction] = useActionModal();

  const resolve = (r: Report, resolution: 'actioned' | 'dismissed') =>
    openAction({
      title: resolution === 'actioned' ? 'Resolve: actioned' : 'Resolve: dismissed',
      what: `The report on ${r.targetName} by ${r.reporterName} leaves the queue as ${resolution}.`,
      confirm: resolution === 'actioned' ? 'Mark actioned' : 'Dismiss',
      reasonLabel: 'Note',
      reasonOptional: true,
      done: `Report ${r.id} ${resolution}.`,
      run: ({ reason }) => adminActions.resolve(token, r.id, resolution, reason || undefined),
    });

  return (
    <Stack gap="sm">
      {modal}
      <SegmentedControl
        w="fit-content"
        value={status}
        onChange={(v) => {
          setStatus(v as 'open' | 'resolved');
          setOffset(0);
        }}
        data={[
          { value: 'open', label: 'Waiting' },
          { value: 'resolved', label: 'Resolved' },
        ]}
      />
      {reports.error ? (
        <AdminError error={reports.error} />
      ) : reports.data ? (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped data-testid="admin-reports" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>When</Table.Th>
                  <Table.Th>Reporter → person</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>Note</Table.Th>
                  <Table.Th>Moment</Table.Th>
                  <Table.Th>{status === 'open' ? 'Act' : 'Resolution'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {reports.data.items.map((r) => (
                  <Table.Tr key={r.id} data-testid="admin-report-row">
                    <Table.Td title={new Date(r.createdAt).toLocaleString()}>{ago(r.createdAt)}</Table.Td>
                    <Table.Td>
                      {r.reporterName} → <b>{r.targetName}</b>
                      <Text size="xs" c="dimmed" ff="monospace">
                        {r.targetId}
                      </Text>
                      {r.reporterAddress ? (
                        <Text size="xs" c="dimmed">
                          reported from <Code fz="xs">{r.reporterAddress}</Code>
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                    <Table.Td style={{ maxWidth: 260, overflowWrap: 'anywhere' }}>{r.note || '—'}</Table.Td>
                    <Table.Td>
                      <Link
                        to="/admin/lobby/$lobbyId"
                        params={{ lobbyId: r.lobbyId }}
                        search={{ seq: r.seq }}
                        data-testid="admin-report-moment"
                      >
                        <Code>{r.lobbyId}</Code> at {r.seq}
                      </Link>
                    </Table.Td>
                    <Table.Td>
                      {r.resolution ? (
                        <Text size="sm">
                          {r.resolution} by {r.resolvedBy}
                        </Text>
                      ) : canModerate ? (
                        <Group gap={4}>
                          <Button size="compact-xs" variant="light" onClick={() => resolve(r, 'actioned')}>
                            Actioned
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => resolve(r, 'dismissed')}
                            data-testid="admin-report-dismiss"
                          >
                            Dismiss
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            onClick={() => openAction(muteSpec(token, r.targetId, r.targetName, r.lobbyId))}
                          >
                            Mute…
                          </Button>
                          <Button
                            size="compact-xs"
                            variant="default"
                            color="red"
                            onClick={() => openAction(banIdentitySpec(token, r.targetId, r.targetName))}
                          >
                            Ban…
                          </Button>
                        </Group>
                      ) : (
                        <Text c="dimmed">waiting</Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {reports.data.items.length === 0 ? (
            <Text c="dimmed">{status === 'open' ? 'No report is waiting.' : 'No resolved report.'}</Text>
          ) : null}
          <Pager offset={offset} size={ADMIN_PAGE_SIZE} nextOffset={reports.data.nextOffset} onOffset={setOffset} />
        </>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Stack>
  );
}
