/** Settings: the player name (localStorage `player-name`), the bots' pace, sound, and the tutorial again. */
import { Button, Card, Group, SegmentedControl, Slider, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
// Mantine's styles for Card, SegmentedControl, Slider, Switch (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useState } from 'react';
import { setDialog } from '../app/app-state';
import {
  DEFAULT_PLAYER_NAME,
  prefersReducedMotion,
  setBotSpeed,
  setPlayerName,
  setSound,
  setSoundVolume,
  soundOn,
  useSettings,
  type BotSpeed,
} from '../app/settings';

/** A sample of the effects at the chosen volume (the sound code loads only when asked). */
function preview(): void {
  void import('../sound/controller').then((m) => m.previewSound()).catch(() => undefined);
}

function SoundCard() {
  const choice = useSettings((s) => s.sound);
  const volume = useSettings((s) => s.soundVolume);
  const [reduced] = useState(prefersReducedMotion);
  const on = soundOn({ sound: choice }, reduced);
  return (
    <Card withBorder radius="lg" p="lg" data-testid="sound-settings">
      <Switch
        label="Sound effects"
        description={
          choice === null && reduced
            ? 'Off because your system asks for reduced motion. Turn on to hear moves, fights and your turn.'
            : 'Moves, banners, chests, fights, your turn and the end of the game.'
        }
        checked={on}
        onChange={(e) => {
          setSound(e.currentTarget.checked);
          if (e.currentTarget.checked) preview();
        }}
        data-testid="sound-on"
      />
      <Text size="sm" fw={500} mt="md" aria-hidden>
        Volume
      </Text>
      <Slider
        mt={4}
        min={0}
        max={100}
        step={5}
        value={volume}
        onChange={setSoundVolume}
        onChangeEnd={preview}
        label={(v) => `${v}%`}
        thumbLabel="Volume"
        data-testid="sound-volume"
      />
    </Card>
  );
}

export function SettingsPage() {
  const name = useSettings((s) => s.playerName);
  const speed = useSettings((s) => s.botSpeed);
  const [draft, setDraft] = useState(name);
  const dirty = draft.trim() !== name;
  return (
    <Stack gap="lg" maw={640} className="fb-page">
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
      <SoundCard />
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
