/**
 * The online lobby's parts (the /lobby route only): a seat card per colour with its people and presence,
 * a map-size field, and the one-request-per-button guard.
 */
import {
  BOT_NAMES,
  COUNTRY_COLOURS,
  DIFFICULTIES,
  type Difficulty,
  type LobbyState,
  type PlayableCountry,
  type Player,
} from '@four-banners/engine';
import { Badge, Button, Card, Group, NumberInput, Select, Stack, Text } from '@mantine/core';
// Mantine's styles for Badge, Card, NumberInput, Select (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useEffect, useState, type ReactNode } from 'react';
import { hint } from '../app/hints';
import { countryLabel, EMBLEM_NAMES } from '../art/art';
import { UnitIcon } from '../art/Emblem';
import { DIFFICULTY_COLOURS, playerLabel } from '../game/seats';
import { openReport } from '../online/moderation-store';
import { useOnline } from '../online/online-link';

/** Runs one request at a time per button, so a double click sends once. */
export function useBusy(): [string | null, (key: string, run: () => Promise<unknown>) => void] {
  const [busy, setBusy] = useState<string | null>(null);
  const start = (key: string, run: () => Promise<unknown>) => {
    if (busy) return;
    setBusy(key);
    void run().finally(() => setBusy(null));
  };
  return [busy, start];
}

function PresenceDot({ online: isOnline }: { online: boolean }) {
  return (
    <span
      className="fb-presence"
      data-online={isOnline || undefined}
      aria-label={isOnline ? 'online' : 'offline'}
      role="img"
      {...hint(isOnline ? 'Online' : 'Offline')}
    />
  );
}

export function PlayerLine({
  player,
  me,
  adminId,
  presence,
  actions,
}: {
  player: Player;
  me: string;
  adminId: string;
  presence: Readonly<Record<string, boolean>>;
  actions?: ReactNode;
}) {
  const human = !player.bot && !player.local;
  return (
    <Group gap={8} wrap="wrap" justify="space-between" data-testid={`player-${player.id}`}>
      <Group gap={8} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 auto' }}>
        {human ? <PresenceDot online={presence[player.id] === true} /> : null}
        <Text fw={600} truncate c={player.bot ? DIFFICULTY_COLOURS[player.bot.difficulty] : undefined}>
          {playerLabel(player)}
        </Text>
        {player.id === me ? (
          <Badge size="xs" variant="light" color="gray" style={{ flex: 'none' }}>
            you
          </Badge>
        ) : null}
        {player.id === adminId ? (
          <Badge size="xs" variant="outline" color="yellow" style={{ flex: 'none' }}>
            admin
          </Badge>
        ) : null}
      </Group>
      {actions}
    </Group>
  );
}

export function SeatCard({
  lobby,
  country,
  me,
  presence,
  busy,
  run,
}: {
  lobby: LobbyState;
  country: PlayableCountry;
  me: string;
  presence: Readonly<Record<string, boolean>>;
  busy: string | null;
  run: (key: string, f: () => Promise<unknown>) => void;
}) {
  const online = useOnline().client;
  const seat = lobby.players.find((p) => p.country === country);
  const open = !lobby.game.running;
  const isAdmin = lobby.adminId === me && open;
  const mine = open ? lobby.players.find((p) => p.id === me) : undefined;
  const [difficulty, setDifficulty] = useState<Difficulty>('easy');
  const full = lobby.players.length >= 4;
  const label = countryLabel(country);
  return (
    <Card
      withBorder
      radius="lg"
      p="md"
      className="fb-seat"
      data-empty={!seat || undefined}
      data-testid={`online-seat-${country}`}
      style={{ borderColor: seat ? COUNTRY_COLOURS[country] : undefined }}
    >
      <Group gap="md" wrap="nowrap" align="center">
        <div style={{ opacity: seat ? 1 : 0.35 }}>
          <UnitIcon country={country} size={44} title={label} />
        </div>
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={700} c={COUNTRY_COLOURS[country]}>
            {label}{' '}
            <Text span size="xs" c="dimmed" fw={500}>
              ({EMBLEM_NAMES[country]})
            </Text>
          </Text>
          {seat ? (
            <PlayerLine
              player={seat}
              me={me}
              adminId={lobby.adminId}
              presence={presence}
              actions={
                seat.id === me && open ? (
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    color="gray"
                    loading={busy === `free-${country}`}
                    onClick={() => run(`free-${country}`, async () => (await online()).changeCountry(-1))}
                  >
                    Give back
                  </Button>
                ) : (
                  <>
                    {isAdmin ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="red"
                        loading={busy === `remove-${seat.id}`}
                        onClick={() => run(`remove-${seat.id}`, async () => (await online()).removePlayer(seat.id))}
                        data-testid={`remove-${country}`}
                      >
                        Remove
                      </Button>
                    ) : null}
                    {seat.id !== me && !seat.bot && !seat.local ? (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="gray"
                        aria-label={`Report ${playerLabel(seat)}`}
                        onClick={() => openReport({ playerId: seat.id, name: playerLabel(seat) })}
                        data-testid={`report-${country}`}
                      >
                        Report
                      </Button>
                    ) : null}
                  </>
                )
              }
            />
          ) : (
            <Group gap={6} wrap="wrap">
              {mine ? (
                <Button
                  size="compact-sm"
                  variant="light"
                  loading={busy === `take-${country}`}
                  onClick={() => run(`take-${country}`, async () => (await online()).changeCountry(country))}
                  data-testid={`take-${country}`}
                >
                  {mine.country === -1 ? 'Take' : 'Switch here'}
                </Button>
              ) : null}
              {isAdmin ? (
                <Group gap={4} wrap="nowrap">
                  <Select
                    size="xs"
                    w={110}
                    aria-label={`${label} bot difficulty`}
                    data={DIFFICULTIES.map((d) => ({ value: d, label: BOT_NAMES[d] }))}
                    value={difficulty}
                    allowDeselect={false}
                    onChange={(v) => v && setDifficulty(v as Difficulty)}
                    comboboxProps={{ withinPortal: true }}
                    styles={{ input: { color: DIFFICULTY_COLOURS[difficulty], fontWeight: 600 } }}
                    data-testid={`bot-difficulty-${country}`}
                  />
                  <Button
                    size="compact-sm"
                    variant="default"
                    disabled={full}
                    loading={busy === `bot-${country}`}
                    onClick={() => run(`bot-${country}`, async () => (await online()).addBot(country, difficulty))}
                    data-testid={`add-bot-${country}`}
                  >
                    Add bot
                  </Button>
                </Group>
              ) : null}
              {!mine && !isAdmin ? (
                <Text size="sm" c="dimmed">
                  {open ? 'Free' : 'Not in this game'}
                </Text>
              ) : null}
            </Group>
          )}
        </Stack>
      </Group>
    </Card>
  );
}

/** A map side or seed field that sends its value when it is left (or Enter), not on every key. */
export function MapField({
  label,
  value,
  min,
  max,
  disabled,
  onCommit,
  testId,
}: {
  label: string;
  value: number;
  min: number;
  max: number;
  disabled: boolean;
  onCommit: (v: number) => void;
  testId: string;
}) {
  const [draft, setDraft] = useState<string | number>(value);
  useEffect(() => setDraft(value), [value]);
  const commit = () => {
    const n = Number(draft);
    if (draft === '' || !Number.isFinite(n)) return setDraft(value);
    if (n !== value) onCommit(n);
  };
  return (
    <NumberInput
      label={label}
      min={min}
      max={max}
      value={draft}
      disabled={disabled}
      onChange={setDraft}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
      clampBehavior="blur"
      allowDecimal={false}
      allowNegative={false}
      data-testid={testId}
    />
  );
}
