/**
 * The quick match's waiting view (PROTOCOL §4.7): who is there (names, colours), the seats left, and
 * the countdown to the start with bots ("Waiting for another player…" while alone); "Play with bots
 * now" and "Leave the queue", one click each. The game's start takes everybody to the board.
 */
import { COUNTRY_COLOURS, type LobbyState, type PlayableCountry } from '@four-banners/engine';
import { Badge, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
// Mantine's styles for Badge, Card, SimpleGrid (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useEffect, useState } from 'react';
import { countryLabel } from '../art/art';
import { UnitIcon } from '../art/Emblem';
import { playerLabel } from '../game/seats';
import { useOnline } from '../online/online-link';
import { waitingView } from '../online/quick-match';
import { serverClock } from '../online/server-clock';
import { useBusy } from './OnlineLobbyParts';

/** The server's time now, redrawn every half second while the view is on screen. */
function useServerNow(): number {
  const [now, setNow] = useState(() => serverClock.serverNow(Date.now()));
  useEffect(() => {
    const t = setInterval(() => setNow(serverClock.serverNow(Date.now())), 500);
    return () => clearInterval(t);
  }, []);
  return now;
}

export function QuickWaiting({ lobby, me }: { lobby: LobbyState; me: string }) {
  const online = useOnline().client;
  const [busy, run] = useBusy();
  const now = useServerNow();
  const view = waitingView(lobby, now);
  if (!view) return null;
  const seats = lobby.settings.quick?.seats ?? 2;
  return (
    <Stack gap="lg" maw={560} className="fb-page" data-testid="quick-waiting">
      <div>
        <Title order={1}>Finding a game</Title>
        <Text c="dimmed">
          {seats} players · {lobby.w}×{lobby.h} map ·{' '}
          {lobby.settings.clock ? `${lobby.settings.clock} s per turn` : 'no clock'}
        </Text>
      </div>
      <Card withBorder radius="lg" p="lg">
        <Stack gap="md">
          <Group gap="sm" wrap="nowrap">
            <Loader size="sm" type="dots" />
            {/* Spoken when the phase changes, not every second: the countdown itself is aria-hidden. */}
            <Text fw={700} data-testid="quick-line" aria-hidden={view.phase === 'starting' || undefined}>
              {view.line}
            </Text>
            <VisuallyHidden role="status" aria-live="polite">
              {view.phase === 'alone'
                ? 'Waiting for another player.'
                : view.phase === 'starting'
                  ? 'Another player is here: the game starts soon, with bots in the empty seats.'
                  : 'Starting now.'}
            </VisuallyHidden>
          </Group>
          <Text size="sm" c="dimmed" data-testid="quick-seats-left">
            {view.seatsLeft === 0
              ? 'Every seat is taken.'
              : `${view.seatsLeft} ${view.seatsLeft === 1 ? 'seat' : 'seats'} left of ${seats}.`}
          </Text>
          <Stack gap={6} aria-label="Players here" data-testid="quick-people">
            {view.people.map((p) => (
              <Group key={p.id} gap="sm" wrap="nowrap">
                {p.country >= 0 ? <UnitIcon country={p.country} size={28} title={countryLabel(p.country)} /> : null}
                <Text fw={600} c={p.country >= 0 ? COUNTRY_COLOURS[p.country as PlayableCountry] : undefined}>
                  {playerLabel(p)}
                </Text>
                {p.id === me ? (
                  <Badge size="xs" variant="light" color="gray">
                    you
                  </Badge>
                ) : null}
              </Group>
            ))}
          </Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
            <Button
              variant="light"
              loading={busy === 'bots'}
              onClick={() => run('bots', async () => (await online()).quickStart())}
              data-testid="quick-play-bots"
            >
              Play with bots now
            </Button>
            <Button
              variant="default"
              color="red"
              loading={busy === 'leave'}
              onClick={() => run('leave', async () => (await online()).leaveLobby())}
              data-testid="quick-leave"
            >
              Leave the queue
            </Button>
          </SimpleGrid>
        </Stack>
      </Card>
    </Stack>
  );
}
