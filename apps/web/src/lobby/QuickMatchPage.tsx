/**
 * "Play online now" (PROTOCOL §4.7): the quick match chooser — 2 or 4 players, a map of 10×10, 16×16,
 * 24×24 or any — and one button. The server seats the person in a waiting quick match that fits, or
 * opens one; the lobby's waiting view (/lobby) then shows who is there and the countdown.
 */
import { QUICK_SEATS, type QuickSeats } from '@four-banners/engine';
import type { QuickSize } from '@four-banners/protocol';
import { Anchor, Button, Card, Group, SegmentedControl, Stack, Text, TextInput, Title } from '@mantine/core';
// Mantine's styles for Card, SegmentedControl (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { setPlayerName, useSettings } from '../app/settings';
import { placeAfterEntering } from '../online/lobby-actions';
import { useLobby } from '../online/lobby-store';
import { useOnline } from '../online/online-link';
import { QUICK_MAP_SIDES, readQuickChoice, saveQuickChoice } from '../online/quick-match';

const ANY = 'any';

export function QuickMatchPage() {
  const loadOnline = useOnline().client;
  const navigate = useNavigate();
  const name = useSettings((s) => s.playerName);
  const seatedIn = useLobby((l) => (l.online && l.lobby && !l.lobby.game.running ? l.lobbyId : null));
  const [choice, setChoice] = useState(readQuickChoice);
  const [nameDraft, setNameDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const playerName = nameDraft.trim() || name;

  const go = async () => {
    setBusy(true);
    try {
      if (playerName !== name) setPlayerName(playerName);
      saveQuickChoice(choice);
      const online = await loadOnline();
      if (await online.quickMatch(playerName, choice.seats, choice.size)) void navigate({ to: placeAfterEntering() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={560} className="fb-page" data-testid="quick-match-page">
      <div>
        <Title order={1}>Play online now</Title>
        <Text c="dimmed">
          Play with whoever is looking for a game right now. The game starts as soon as the seats are full.
        </Text>
      </div>
      <Card withBorder radius="lg" p="lg">
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void go();
          }}
        >
          <Stack gap="md">
            <TextInput
              label="Your name"
              maxLength={32}
              value={nameDraft}
              onChange={(e) => setNameDraft(e.currentTarget.value)}
              data-testid="quick-name"
            />
            <Stack gap={4}>
              <Text size="sm" fw={500} id="quick-seats-label">
                Players
              </Text>
              <SegmentedControl
                aria-labelledby="quick-seats-label"
                fullWidth
                data={QUICK_SEATS.map((n) => ({ value: String(n), label: `${n} players` }))}
                value={String(choice.seats)}
                onChange={(v) => setChoice((c) => ({ ...c, seats: Number(v) as QuickSeats }))}
                data-testid="quick-seats"
              />
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="quick-size-label">
                Map
              </Text>
              <SegmentedControl
                aria-labelledby="quick-size-label"
                fullWidth
                data={[
                  ...QUICK_MAP_SIDES.map((n) => ({ value: String(n), label: `${n}×${n}` })),
                  { value: ANY, label: 'Any' },
                ]}
                value={choice.size === null ? ANY : String(choice.size)}
                onChange={(v) => setChoice((c) => ({ ...c, size: v === ANY ? null : (Number(v) as QuickSize) }))}
                data-testid="quick-size"
              />
            </Stack>
            <Button type="submit" size="lg" loading={busy} disabled={seatedIn !== null} data-testid="quick-find">
              Find a game
            </Button>
            {seatedIn ? (
              <Text size="sm" c="yellow.4" role="status">
                You are in a lobby already:{' '}
                <Anchor component={Link} to="/lobby">
                  back to it
                </Anchor>
                .
              </Text>
            ) : null}
          </Stack>
        </form>
      </Card>
      <Group justify="space-between">
        <Anchor component={Link} to="/join-lobby" size="sm" data-testid="to-open-lobbies">
          Open lobbies, or a lobby with friends
        </Anchor>
        <Anchor component={Link} to="/lobby" size="sm">
          Play offline instead
        </Anchor>
      </Group>
    </Stack>
  );
}
