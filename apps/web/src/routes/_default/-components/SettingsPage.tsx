/** Settings: the player name (localStorage `player-name`), the bots' pace, and the tutorial again. */
import { Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { setDialog } from '../../../app/app-state';
import { DEFAULT_PLAYER_NAME, setBotSpeed, setPlayerName, useSettings, type BotSpeed } from '../../../app/settings';

export function SettingsPage() {
  const name = useSettings((s) => s.playerName);
  const speed = useSettings((s) => s.botSpeed);
  const [draft, setDraft] = useState(name);
  const dirty = draft.trim() !== name;
  return (
    <Stack gap="lg" maw={640}>
      <Title order={1}>Settings</Title>
      <Card withBorder radius="lg" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setPlayerName(draft);
            setDraft(draft.trim() || DEFAULT_PLAYER_NAME);
          }}
        >
          <Group align="flex-end" wrap="nowrap">
            <TextInput
              label="Player name"
              description="Shown on your seat in lobbies."
              value={draft}
              maxLength={32}
              onChange={(e) => setDraft(e.currentTarget.value)}
              style={{ flex: 1 }}
              data-testid="player-name"
            />
            <Button type="submit" disabled={!dirty}>
              Save
            </Button>
          </Group>
        </form>
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Text fw={600}>Bot speed</Text>
        <Text size="sm" c="dimmed" mb="sm">
          How fast the bots play their turns. You can always skip with Space.
        </Text>
        <SegmentedControl
          fullWidth
          value={speed}
          onChange={(v) => setBotSpeed(v as BotSpeed)}
          data={[
            { value: 'slow', label: 'Slow' },
            { value: 'normal', label: 'Normal' },
            { value: 'fast', label: 'Fast' },
            { value: 'instant', label: 'Instant' },
          ]}
        />
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Group justify="space-between">
          <div>
            <Text fw={600}>Tutorial</Text>
            <Text size="sm" c="dimmed">
              Seven short pages on how to play.
            </Text>
          </div>
          <Button variant="light" onClick={() => setDialog('tutorial', true)} data-testid="open-tutorial">
            Open tutorial
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
