/** The audit log (OPERATIONS §11): who did what to what, why and when; read-only, newest first. */
import { Code, Stack, Table, Text } from '@mantine/core';
// Mantine's styles for Code, Table (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ADMIN_PAGE_SIZE, ago, auditQueryOptions } from './admin-api';
import { AdminError } from './AdminError';
import { Pager, when } from './AdminBits';

export function AdminAudit({ token }: { token: string }) {
  const [offset, setOffset] = useState(0);
  const audit = useQuery(auditQueryOptions(token, offset));
  if (audit.error) return <AdminError error={audit.error} />;
  if (!audit.data) return <Text c="dimmed">Loading…</Text>;
  return (
    <Stack gap="sm">
      <Table.ScrollContainer minWidth={760}>
        <Table striped data-testid="admin-audit" verticalSpacing={6}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>When</Table.Th>
              <Table.Th>Who</Table.Th>
              <Table.Th>What</Table.Th>
              <Table.Th>Target</Table.Th>
              <Table.Th>Reason</Table.Th>
              <Table.Th>Detail</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {audit.data.items.map((a) => (
              <Table.Tr key={a.id} data-testid="admin-audit-row">
                <Table.Td title={when(a.at)}>{ago(a.at)}</Table.Td>
                <Table.Td>{a.admin}</Table.Td>
                <Table.Td>{a.action}</Table.Td>
                <Table.Td>
                  <Code>{a.target}</Code>
                </Table.Td>
                <Table.Td style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{a.reason}</Table.Td>
                <Table.Td>
                  <Text size="xs" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                    {Object.entries(a.detail)
                      .map(([k, v]) => `${k}: ${typeof v === 'string' ? v : JSON.stringify(v)}`)
                      .join(' · ')}
                  </Text>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {audit.data.items.length === 0 ? <Text c="dimmed">No action yet.</Text> : null}
      <Pager offset={offset} size={ADMIN_PAGE_SIZE} nextOffset={audit.data.nextOffset} onOffset={setOffset} />
    </Stack>
  );
}
