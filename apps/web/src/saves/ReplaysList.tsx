/** Recent online games from the server (players, winner, turns, date), a page at a time, each opening its replay; running ones can be watched live. */
import { COUNTRY_COLOURS, type PlayableCountry } from '@four-banners/engine';
import type { GameSummary } from '@four-banners/protocol';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
// Mantine's styles for Badge, Card (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { countryLabel } from '../art/art';
import { EmblemDot } from '../art/Emblem';
import { playerLabel } from '../game/seats';
import { ApiError } from '../app/api';
import { GAMES_PAGE_SIZE, gamesQueryOptions } from '../online/game-queries';

function ReplayRow({ game }: { game: GameSummary }) {
  // Seated players only (a seat without a colour took no part in the game).
  const players = game.players
    .flatMap((p) => (p.country >= 0 ? [{ ...p, country: p.country as PlayableCountry }] : []))
    .sort((a, b) => a.country - b.country);
  return (
    <Card withBorder radius="lg" p="md" data-testid="replay-row" data-game-id={game.id}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: '1 1 240px' }}>
          <Group gap="xs" wrap="wrap">
            {players.map((p) => (
              <Group key={p.id} gap={4} wrap="nowrap">
                <EmblemDot country={p.country} size={14} />
                <Text size="sm" fw={600} c={COUNTRY_COLOURS[p.country]}>
                  {playerLabel(p)}
                </Text>
              </Group>
            ))}
          </Group>
          <Text size="sm" c="dimmed">
            {new Date(game.createdAt).toLocaleString()} · {game.lastSeq} events ·{' '}
            <Text span ff="monospace" size="sm">
              {game.id}
            </Text>
          </Text>
        </Stack>
        <Group gap="sm" wrap="nowrap">
          {game.status === 'finished' ? (
            <Badge
              variant="light"
              color={game.winner !== null ? 'gray' : 'dark'}
              leftSection={game.winner !== null ? <EmblemDot country={game.winner} size={12} /> : null}
            >
              {game.winner !== null ? `${countryLabel(game.winner)} won` : 'Finished'}
            </Badge>
          ) : game.status === 'closed' ? (
            <Badge variant="outline" color="dark">
              Ended unfinished
            </Badge>
          ) : (
            <Badge variant="outline" color="gray">
              In progress
            </Badge>
          )}
          {game.status === 'running' ? (
            <Button
              renderRoot={(props) => <Link {...props} to="/watch/$lobbyId" params={{ lobbyId: game.id }} />}
              data-testid="watch-live"
            >
              Watch live
            </Button>
          ) : null}
          <Button
            renderRoot={(props) => <Link {...props} to="/replay/$gameId" params={{ gameId: game.id }} />}
            variant="light"
            data-testid="open-replay"
          >
            {game.status === 'running' ? 'Replay so far' : 'Watch'}
          </Button>
        </Group>
      </Group>
    </Card>
  );
}

export function ReplaysList({ offset, onPage }: { offset: number; onPage: (offset: number) => void }) {
  const { data, error, isPending, isFetching, refetch } = useQuery(gamesQueryOptions(offset));
  const header = (
    <div>
      <Title order={1}>Online replays</Title>
      <Text c="dimmed">Games played on the server, newest first. Watch any of them move by move.</Text>
    </div>
  );
  if (isPending) {
    return (
      <Stack gap="lg">
        {header}
        <Loader type="dots" />
      </Stack>
    );
  }
  if (error) {
    const offline = error instanceof ApiError && error.status === 0;
    return (
      <Stack gap="lg">
        {header}
        <Alert
          color={offline ? 'gray' : 'red'}
          variant="light"
          title={offline ? 'You are offline' : 'The replays could not be loaded'}
          data-testid="replays-error"
        >
          <Stack gap="sm" align="flex-start">
            <Text size="sm">
              {offline
                ? 'Replays live on the game server, which cannot be reached right now. Your saved games and games against bots still work offline.'
                : error.message}
            </Text>
            <Button size="xs" variant="default" onClick={() => void refetch()} loading={isFetching}>
              Try again
            </Button>
          </Stack>
        </Alert>
      </Stack>
    );
  }
  const page = Math.floor(offset / GAMES_PAGE_SIZE) + 1;
  return (
    <Stack gap="lg" data-testid="replays">
      {header}
      {data.games.length === 0 ? (
        <Text c="dimmed" data-testid="replays-empty">
          {offset > 0
            ? 'No more games.'
            : 'No online games yet. Play one from the main menu — every online game can be watched here afterwards.'}
        </Text>
      ) : (
        data.games.map((g) => <ReplayRow key={g.id} game={g} />)
      )}
      {offset > 0 || data.nextOffset !== null ? (
        <Group justify="center" gap="sm">
          <Button
            variant="default"
            disabled={offset === 0}
            onClick={() => onPage(Math.max(0, offset - GAMES_PAGE_SIZE))}
          >
            Newer
          </Button>
          <Text size="sm" c="dimmed">
            Page {page}
          </Text>
          <Button
            variant="default"
            disabled={data.nextOffset === null}
            onClick={() => data.nextOffset !== null && onPage(data.nextOffset)}
          >
            Older
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
