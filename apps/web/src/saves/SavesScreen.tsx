/** /saves: this device's saved games, and a tab with the replays of online games kept by the server. */
import { Tabs } from '@mantine/core';
// Mantine's styles for Tabs (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ReplaysList } from './ReplaysList';
import { SavesPage } from './SavesPage';

export function SavesScreen() {
  const { tab = 'saves', offset = 0 } = useSearch({ from: '/_default/saves' });
  const navigate = useNavigate({ from: '/saves' });
  return (
    <Tabs
      value={tab}
      onChange={(v) => void navigate({ search: v === 'replays' ? { tab: 'replays' } : {} })}
      keepMounted={false}
      variant="pills"
      radius="xl"
    >
      <Tabs.List mb="lg">
        <Tabs.Tab value="saves" data-testid="tab-saves">
          On this device
        </Tabs.Tab>
        <Tabs.Tab value="replays" data-testid="tab-replays">
          Online replays
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="saves">
        <SavesPage />
      </Tabs.Panel>
      <Tabs.Panel value="replays">
        <ReplaysList
          offset={offset}
          onPage={(o) => void navigate({ search: { tab: 'replays', offset: o || undefined } })}
        />
      </Tabs.Panel>
    </Tabs>
  );
}
