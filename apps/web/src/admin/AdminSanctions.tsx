/**
 * Mutes and bans (PROTOCOL §4.9): those in force, or the whole history; lift one with a reason; ban an
 * identity or an address by hand.
 */
import type { Sanction } from '@four-banners/protocol';
import { Badge, Button, Code, Group, SegmentedControl, Select, Stack, Table, Text, TextInput } from '@mantine/core';
// Mantine's styles for Badge, Code, SegmentedControl, Select, Table (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { useActionModal } from './ActionModal';
import { ADMIN_PAGE_SIZE, adminActions, ago, sanctionsQueryOptions } from './admin-api';
import { AdminError } from './AdminError';
import { Pager, when } from './AdminBits';
import { banAddressSpec, banIdentitySpec } from './person-actions';

const targetText = (s: Sanction) => ('identity' in s.target ? s.target.identity : s.target.address);

function state(s: Sanction, now: number): 'lifted' | 'ended' | 'in force' {
  if (s.liftedAt) return 'lifted';
  return s.expiresAt && Date.parse(s.expiresAt) <= now ? 'ended' : 'in force';
}

function BanForm({ token, onBan }: { token: string; onBan: ReturnType<typeof useActionModal>[1] }) {
  const [kind, setKind] = useState<'identity' | 'address'>('address');
  const [target, setTarget] = useState('');
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        const t = target.trim();
        if (!t) return;
        onBan(kind === 'identity' ? banIdentitySpec(token, t, t) : banAddressSpec(token, t));
      }}
    >
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Ban an"
          data={[
            { value: 'address', label: 'Address' },
            { value: 'identity', label: 'Identity' },
          ]}
          value={kind}
          allowDeselect={false}
          onChange={(v) => setKind((v as 'identity' | 'address') ?? 'address')}
          w={130}
        />
        <TextInput
          label={kind === 'identity' ? 'Player id' : 'IPv4 or IPv6 address'}
          value={target}
          onChange={(e) => setTarget(e.currentTarget.value)}
          style={{ flex: '1 1 240px' }}
          data-testid="admin-ban-target"
        />
        <Button type="submit" color="red" variant="light" disabled={!target.trim()} data-testid="admin-ban-open">
          Ban…
        </Button>
      </Group>
    </form>
  );
}

export function AdminSanctions({ token, canModerate }: { token: string; canModerate: boolean }) {
  const [active, setActive] = useState(true);
  const [offset, setOffset] = useState(0);
  const sanctions = useQuery(sanctionsQueryOptions(token, active, offset));
  const [modal, openAction] = useActionModal();
  const now = Date.now();

  const lift = (s: Sanction) =>
    openAction({
      title: `Lift the ${s.kind} of ${targetText(s)}`,
      what: `The ${s.kind} ends now.`,
      confirm: 'Lift',
      done: `The ${s.kind} of ${targetText(s)} is lifted.`,
      run: ({ reason }) => adminActions.lift(token, s.id, reason),
    });

  return (
    <Stack gap="sm">
      {modal}
      {canModerate ? <BanForm token={token} onBan={openAction} /> : null}
      <SegmentedControl
        w="fit-content"
        value={active ? 'active' : 'all'}
        onChange={(v) => {
          setActive(v === 'active');
          setOffset(0);
        }}
        data={[
          { value: 'active', label: 'In force' },
          { value: 'all', label: 'History' },
        ]}
      />
      {sanctions.error ? (
        <AdminError error={sanctions.error} />
      ) : sanctions.data ? (
        <>
          <Table.ScrollContainer minWidth={760}>
            <Table striped data-testid="admin-sanctions" verticalSpacing={6}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Kind</Table.Th>
                  <Table.Th>Target</Table.Th>
                  <Table.Th>Where</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th>By</Table.Th>
                  <Table.Th>Since</Table.Th>
                  <Table.Th>Until</Table.Th>
                  <Table.Th>State</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {sanctions.data.items.map((s) => {
                  const st = state(s, now);
                  return (
                    <Table.Tr key={s.id} data-testid="admin-sanction-row">
                      <Table.Td>
                        <Badge color={s.kind === 'ban' ? 'red' : 'yellow'} variant="light">
                          {s.kind}
                        </Badge>
                      </Table.Td>
                      <Table.Td>
                        <Code>{targetText(s)}</Code>
                      </Table.Td>
                      <Table.Td>
                        {s.lobbyId ? (
                          <Link to="/admin/lobby/$lobbyId" params={{ lobbyId: s.lobbyId }}>
                            <Code>{s.lobbyId}</Code>
                          </Link>
                        ) : (
                          'everywhere'
                        )}
                      </Table.Td>
                      <Table.Td style={{ maxWidth: 240, overflowWrap: 'anywhere' }}>{s.reason}</Table.Td>
                      <Table.Td>{s.by}</Table.Td>
                      <Table.Td title={when(s.createdAt)}>{ago(s.createdAt)}</Table.Td>
                      <Table.Td>{s.expiresAt ? when(s.expiresAt) : 'until lifted'}</Table.Td>
                      <Table.Td>
                        {st === 'in force' && canModerate ? (
                          <Button
                            size="compact-xs"
                            variant="light"
                            onClick={() => lift(s)}
                            data-testid="admin-sanction-lift"
                          >
                            Lift…
                          </Button>
                        ) : (
                          <Text size="sm">{st === 'lifted' ? `lifted by ${s.liftedBy}` : st}</Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {sanctions.data.items.length === 0 ? (
            <Text c="dimmed">{active ? 'No mute or ban is in force.' : 'No sanction yet.'}</Text>
          ) : null}
          <Pager offset={offset} size={ADMIN_PAGE_SIZE} nextOffset={sanctions.data.nextOffset} onOffset={setOffset} />
        </>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Stack>
  );
}
