/** The offline lobby: seats (you, hot-seat players, bots, empty), map size and seed, preview, start. */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import {
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
// Mantine's styles for Card, NumberInput, Select, SimpleGrid, Switch, Tooltip (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { appStore, setDialog } from '../app/app-state';
import { countryLabel, EMBLEM_NAMES } from '../art/art';
import { UnitIcon } from '../art/Emblem';
import { MiniMap } from '../board/MiniMap';
import { randomSeed } from '../game/offline-log';
import { DIFFICULTY_COLOURS, seatsProblem, type Seat } from '../game/seats';
import { MAX_SIDE, MIN_SIDE, clampSide, previewGame, updateSeat, updateSetup, useSetup } from '../game/setup-store';
import { useLobby } from '../online/lobby-store';
import { useStartOfflineGame } from '../saves/ReplaceGameDialog';

const SEAT_CHOICES = [
  { value: 'you', label: 'You' },
  { value: 'local', label: 'Local player (hot-seat)' },
  { value: 'easy', label: 'Easy Bot' },
  { value: 'normal', label: 'Normal Bot' },
  { value: 'hard', label: 'Hard Bot' },
  { value: 'expert', label: 'Expert Bot' },
  { value: 'empty', label: 'Empty' },
];

const seatValue = (s: Seat) => (s.kind === 'bot' ? s.difficulty : s.kind);

function SeatCard({ seat, index, youTaken }: { seat: Seat; index: number; youTaken: boolean }) {
  const empty = seat.kind === 'empty';
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      className="fb-seat"
      data-empty={empty || undefined}
      style={{ borderColor: empty ? undefined : COUNTRY_COLOURS[seat.country] }}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <div style={{ opacity: empty ? 0.35 : 1 }}>
          <UnitIcon country={seat.country} size={48} title={countryLabel(seat.country)} />
        </div>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} c={COUNTRY_COLOURS[seat.country]}>
            {countryLabel(seat.country)}{' '}
            <Text span size="xs" c="dimmed" fw={500}>
              ({EMBLEM_NAMES[seat.country]})
            </Text>
          </Text>
          <Select
            aria-label={`${countryLabel(seat.country)} seat`}
            data-testid={`seat-${seat.country}`}
            data={SEAT_CHOICES.map((c) => ({ ...c, disabled: c.value === 'you' && youTaken && seat.kind !== 'you' }))}
            value={seatValue(seat)}
            allowDeselect={false}
            onChange={(v) => {
              if (!v) return;
              if (v === 'easy' || v === 'normal' || v === 'hard' || v === 'expert')
                updateSeat(index, { kind: 'bot', difficulty: v });
              else
                updateSeat(index, {
                  kind: v as Seat['kind'],
                  name: v === 'local' && !seat.name ? `Player ${index + 1}` : seat.name,
                });
            }}
            comboboxProps={{ withinPortal: true }}
            styles={
              seat.kind === 'bot'
                ? { input: { color: DIFFICULTY_COLOURS[seat.difficulty], fontWeight: 600 } }
                : undefined
            }
            renderOption={({ option }) => (
              <Text
                size="sm"
                fw={option.value in DIFFICULTY_COLOURS ? 600 : 400}
                c={DIFFICULTY_COLOURS[option.value as keyof typeof DIFFICULTY_COLOURS]}
              >
                {option.label}
              </Text>
            )}
          />
          {seat.kind === 'you' ? (
            <Text size="xs" c="dimmed">
              Playing as <b>{seat.name}</b> ·{' '}
              <Anchor component={Link} to="/settings" size="xs" underline="always">
                change name
              </Anchor>
            </Text>
          ) : null}
          {seat.kind === 'local' ? (
            <TextInput
              aria-label="Hot-seat player name"
              size="xs"
              maxLength={32}
              value={seat.name}
              onChange={(e) => updateSeat(index, { name: e.currentTarget.value })}
            />
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

export function OfflineLobby() {
  const setup = useSetup((s) => s);
  const online = useLobby((l) => l.online);
  const game = useMemo(() => previewGame(setup), [setup]);
  const problem = seatsProblem(setup.seats);
  const youTaken = setup.seats.some((s) => s.kind === 'you');
  const newGame = useStartOfflineGame();

  return (
    <Stack gap="xl">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1}>New game</Title>
          <Text c="dimmed">Play against bots, or with friends taking turns on this device.</Text>
        </div>
        <Tooltip label="Make this an online lobby others can join" withArrow>
          <Switch
            label="Online lobby"
            checked={online}
            data-testid="lobby-online-switch"
            onChange={(e) => {
              appStore.set((s) => ({ ...s, lobbyOnlineTarget: e.currentTarget.checked }));
              setDialog('lobbyOnline', true);
            }}
          />
        </Tooltip>
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="sm">
          <Title order={3}>Seats</Title>
          <Text size="sm" c="dimmed">
            Turn order follows the seats. Choose each seat's bot difficulty, a hot-seat player, or leave it empty.
          </Text>
          {setup.seats.map((seat, i) => (
            <SeatCard key={seat.country} seat={seat} index={i} youTaken={youTaken} />
          ))}
        </Stack>
        <Stack gap="sm">
          <Title order={3}>Map</Title>
          <Paper withBorder radius="lg" p="sm" className="fb-lobby-map">
            <MiniMap game={game} />
          </Paper>
          <Group grow align="flex-end">
            <NumberInput
              label="Width"
              min={MIN_SIDE}
              max={MAX_SIDE}
              value={setup.w}
              onChange={(v) => updateSetup({ w: clampSide(Number(v)) })}
              clampBehavior="strict"
            />
            <NumberInput
              label="Height"
              min={MIN_SIDE}
              max={MAX_SIDE}
              value={setup.h}
              onChange={(v) => updateSetup({ h: clampSide(Number(v)) })}
              clampBehavior="strict"
            />
            <NumberInput
              label="Seed"
              min={0}
              max={2 ** 32 - 1}
              value={setup.seed}
              onChange={(v) => updateSetup({ seed: Math.max(0, Math.floor(Number(v) || 0)) % 2 ** 32 })}
            />
          </Group>
          <Group grow>
            <Button variant="default" onClick={() => updateSetup({ seed: randomSeed() })}>
              New map
            </Button>
            <Button variant="default" component={Link} to="/lobby-preview">
              Full-screen preview
            </Button>
          </Group>
        </Stack>
      </SimpleGrid>
      <Group className="fb-actionbar" justify="flex-end" gap="sm" wrap="wrap">
        {problem ? (
          <Text size="sm" c="yellow.4" className="fb-actionbar-note" role="status" data-testid="start-problem">
            {problem}
          </Text>
        ) : (
          <Text size="sm" c="dimmed" className="fb-actionbar-note">
            {setup.seats.filter((s) => s.kind !== 'empty').length} countries · {setup.w} × {setup.h} map
          </Text>
        )}
        <Button
          size="md"
          miw={180}
          disabled={problem !== null}
          data-testid="start-game"
          // A game in progress that the new one would replace is offered a save first.
          onClick={newGame.start}
        >
          Start game
        </Button>
      </Group>
      {newGame.dialog}
    </Stack>
  );
}
