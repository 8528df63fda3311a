/**
 * The lobby's settings (PROTOCOL §4.8): public (listed in the open lobbies) or private, the turn clock,
 * and the level of the bot that plays for an away person. The admin changes them before the start
 * (`client-lobby-update`); everybody sees them.
 */
import {
  BOT_NAMES,
  DIFFICULTIES,
  TURN_CLOCKS,
  type Difficulty,
  type LobbyState,
  type TurnClock,
} from '@four-banners/engine';
import { Group, SegmentedControl, Select, Stack, Text } from '@mantine/core';
// Mantine's styles for SegmentedControl, Select (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useOnline } from '../online/online-link';
import { clockWords } from '../online/open-lobbies';

export function LobbySettings({
  lobby,
  isAdmin,
  run,
}: {
  lobby: LobbyState;
  isAdmin: boolean;
  run: (key: string, f: () => Promise<unknown>) => void;
}) {
  const online = useOnline().client;
  const { listed, clock, botLevel } = lobby.settings;
  const update = (key: string, change: { listed?: boolean; clock?: TurnClock; botLevel?: Difficulty }) =>
    run(key, async () => (await online()).updateSettings(change));
  return (
    <Stack gap="xs" data-testid="lobby-settings">
      <Stack gap={4}>
        <Text size="sm" fw={500} id="lobby-listed-label">
          Who can join
        </Text>
        <SegmentedControl
          aria-labelledby="lobby-listed-label"
          fullWidth
          disabled={!isAdmin}
          data={[
            { value: 'private', label: 'Private (invite)' },
            { value: 'public', label: 'Public (listed)' },
          ]}
          value={listed ? 'public' : 'private'}
          onChange={(v) => update('listed', { listed: v === 'public' })}
          data-testid="lobby-listed"
        />
      </Stack>
      <Group grow align="flex-end">
        <Select
          label="Turn clock"
          disabled={!isAdmin}
          data={TURN_CLOCKS.map((c) => ({ value: String(c), label: clockWords(c) }))}
          value={String(clock)}
          allowDeselect={false}
          onChange={(v) => v !== null && Number(v) !== clock && update('clock', { clock: Number(v) as TurnClock })}
          comboboxProps={{ withinPortal: true }}
          data-testid="lobby-clock"
        />
        <Select
          label="Bot for away players"
          disabled={!isAdmin}
          data={DIFFICULTIES.map((d) => ({ value: d, label: BOT_NAMES[d] }))}
          value={botLevel}
          allowDeselect={false}
          onChange={(v) => v !== null && v !== botLevel && update('botLevel', { botLevel: v as Difficulty })}
          comboboxProps={{ withinPortal: true }}
          data-testid="lobby-bot-level"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {listed ? 'Listed in the open lobbies: anyone may join.' : 'Only people with the invite link or id can join.'} A
        person who drops on their turn, or lets the clock run out twice, is played by the bot until they are back.
      </Text>
    </Stack>
  );
}
