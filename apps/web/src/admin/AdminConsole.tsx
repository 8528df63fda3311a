/**
 * /admin: the admin console (OPERATIONS §11.5) for whoever holds an admin token (PROTOCOL §8.4). The
 * token is kept in sessionStorage only (gone with the tab). At the top: who the token is and whether it
 * may moderate, and the server's counts; below, the lobby search, the reports queue, the sanctions and
 * the audit log. Every 401/403/503 is shown with the server's own message.
 */
import { Badge, Button, Group, Paper, PasswordInput, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core';
// Mantine's styles for Badge, PasswordInput, SimpleGrid, Tabs (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { ApiError } from '../app/api';
import { overviewQueryOptions, readAdminToken, writeAdminToken, type LobbySearch } from './admin-api';
import { AdminAudit } from './AdminAudit';
import { AdminError } from './AdminError';
import { AdminLobbies } from './AdminLobbies';
import { AdminReports } from './AdminReports';
import { AdminSanctions } from './AdminSanctions';

export const ADMIN_TABS = ['lobbies', 'reports', 'sanctions', 'audit'] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];
export type ConsoleSearch = LobbySearch & { readonly tab?: AdminTab };

function Count({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Paper withBorder p="sm" radius="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  );
}

export function AdminConsole({ search }: { search: ConsoleSearch }) {
  const navigate = useNavigate({ from: '/admin' });
  const [token, setToken] = useState(readAdminToken);
  const [draft, setDraft] = useState(token);
  // Asked even before a token is entered, so a server without admin tokens says so (503) at once.
  const overview = useQuery(overviewQueryOptions(token));
  const needsToken = !token && overview.error instanceof ApiError && overview.error.status === 401;
  const me = overview.data?.admin;
  const { tab = 'lobbies', ...lobbySearch } = search;

  return (
    <Stack gap="lg" data-testid="admin">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={1}>Admin console</Title>
          <Text c="dimmed">Find any lobby, see any moment of it, follow it live, verify it and act on abuse.</Text>
        </div>
        {me ? (
          <Group gap="xs" data-testid="admin-me">
            <Text>
              Signed in as <b data-testid="admin-name">{me.name}</b>
            </Text>
            <Badge color={me.canModerate ? 'green' : 'gray'} variant="light" data-testid="admin-can-moderate">
              {me.canModerate ? 'can moderate' : 'read-only'}
            </Badge>
          </Group>
        ) : null}
      </Group>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          writeAdminToken(draft.trim());
          setToken(draft.trim());
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
                writeAdminToken('');
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
          Enter your admin token (ADMIN_TOKENS or ADMIN_TOKEN on the server) to open the console.
        </Text>
      ) : overview.error ? (
        <AdminError error={overview.error} />
      ) : overview.data && me ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" data-testid="admin-overview">
            <Count label="Waiting lobbies" value={overview.data.waitingLobbies} testId="admin-count-waiting" />
            <Count label="Running games" value={overview.data.runningGames} testId="admin-count-running" />
            <Count label="People online" value={overview.data.peopleOnline} testId="admin-count-online" />
            <Count label="Reports waiting" value={overview.data.reportsWaiting} testId="admin-count-reports" />
            <Count label="Active bans" value={overview.data.activeBans} testId="admin-count-bans" />
          </SimpleGrid>
          <Tabs
            value={tab}
            onChange={(v) =>
              void navigate({ search: (s) => ({ ...s, tab: v === 'lobbies' ? undefined : (v as AdminTab) }) })
            }
            keepMounted={false}
          >
            <Tabs.List mb="md">
              <Tabs.Tab value="lobbies">Lobbies</Tabs.Tab>
              <Tabs.Tab value="reports" data-testid="admin-tab-reports">
                Reports{overview.data.reportsWaiting > 0 ? ` (${overview.data.reportsWaiting})` : ''}
              </Tabs.Tab>
              <Tabs.Tab value="sanctions" data-testid="admin-tab-sanctions">
                Sanctions
              </Tabs.Tab>
              <Tabs.Tab value="audit" data-testid="admin-tab-audit">
                Audit log
              </Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="lobbies">
              <AdminLobbies token={token} search={lobbySearch} />
            </Tabs.Panel>
            <Tabs.Panel value="reports">
              <AdminReports token={token} canModerate={me.canModerate} />
            </Tabs.Panel>
            <Tabs.Panel value="sanctions">
              <AdminSanctions token={token} canModerate={me.canModerate} />
            </Tabs.Panel>
            <Tabs.Panel value="audit">
              <AdminAudit token={token} />
            </Tabs.Panel>
          </Tabs>
        </>
      ) : (
        <Text c="dimmed">Loading…</Text>
      )}
    </Stack>
  );
}
