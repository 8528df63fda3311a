/**
 * The invite landing (PROTOCOL §8.7, §4.7): the lobby you were invited to — who invited you, the seats
 * and their colours, the map, the clock — a name field and one button that seats you on a free colour
 * (`client-join-lobby` with `country`). A lobby that is gone or already playing says so and leads to
 * the open lobbies. A person playing a game still going elsewhere is told so, with the way back to it:
 * the page neither sends them back silently nor lets a click resign their country.
 */
import { COUNTRY_COLOURS, PLAYABLE_COUNTRIES } from '@four-banners/engine';
import { Alert, Anchor, Button, Card, Group, Loader, Stack, Text, TextInput, Title } from '@mantine/core';
// Mantine's styles for Card (ARCHITECTURE §7.12).
import '../styles/mantine-more.css';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { setPlayerName, useSettings } from '../app/settings';
import { countryLabel } from '../art/art';
import { EmblemDot, UnitIcon } from '../art/Emblem';
import { placeAfterEntering, playingIn } from '../online/lobby-actions';
import { useLobby } from '../online/lobby-store';
import { useOnline } from '../online/online-link';
import { clockWords, freeColour, inviteQueryOptions } from '../online/open-lobbies';
import { ApiError } from '../app/api';

export function InvitePage() {
  const { lobbyId: rawId } = useParams({ from: '/_default/join/$lobbyId' });
  const lobbyId = rawId.trim().toUpperCase();
  const loadOnline = useOnline().client;
  const navigate = useNavigate();
  const name = useSettings((s) => s.playerName);
  const seatedHere = useLobby((l) => l.online && l.lobbyId === lobbyId);
  const seatedElsewhere = useLobby((l) => l.online && l.lobbyId !== null && l.lobbyId !== lobbyId);
  const playingElsewhere = useLobby(
    (l) => l.online && l.lobbyId !== null && l.lobbyId !== lobbyId && playingIn(l.lobby, l.playerId),
  );
  const gameHere = useLobby((l) => l.online && l.lobbyId === lobbyId && (l.lobby?.game.running ?? false));
  const elsewhereId = useLobby((l) => l.lobbyId);
  const [nameDraft, setNameDraft] = useState(name);
  const [busy, setBusy] = useState(false);
  const { data: lobby, error, isPending } = useQuery(inviteQueryOptions(lobbyId));
  const colour = lobby ? freeColour(lobby) : null;
  const playerName = nameDraft.trim() || name;

  const join = async () => {
    setBusy(true);
    try {
      if (playerName !== name) setPlayerName(playerName);
      const online = await loadOnline();
      if (await online.joinLobby(lobbyId, playerName, colour ?? undefined)) void navigate({ to: placeAfterEntering() });
    } finally {
      setBusy(false);
    }
  };

  if (isPending) {
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  }
  if (!lobby) {
    const missing = error instanceof ApiError && error.status === 404;
    return (
      <Stack gap="lg" maw={560} className="fb-page" data-testid="invite-missing">
        <Title order={1}>{missing ? 'This lobby is not open' : 'The lobby could not be loaded'}</Title>
        <Alert color="yellow" variant="light">
          {missing
            ? `Lobby ${lobbyId} does not exist, has closed, or its game has started. Ask for a new invite, or join an open lobby.`
            : (error?.message ?? 'The server did not answer.')}
        </Alert>
        <Group>
          <Button component={Link} to="/join-lobby" data-testid="invite-to-open-lobbies">
            See the open lobbies
          </Button>
          <Button component={Link} to="/quick-match" variant="light">
            Play online now
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={560} className="fb-page" data-testid="invite-page">
      <div>
        <Title order={1}>
          <span data-testid="invite-admin">{lobby.adminName}</span> invites you to play
        </Title>
        <Text c="dimmed">
          Lobby {lobby.id} · {lobby.w}×{lobby.h} map · {clockWords(lobby.clock)}
          {lobby.quick ? ` · quick match for ${lobby.quick}` : ''}
        </Text>
      </div>
      <Card withBorder radius="lg" p="lg">
        <Stack gap="xs" aria-label="Seats" data-testid="invite-seats">
          {PLAYABLE_COUNTRIES.map((c) => {
            const seat = lobby.players.find((p) => p.country === c);
            return (
              <Group key={c} gap="sm" wrap="nowrap">
                <div style={{ opacity: seat ? 1 : 0.35 }}>
                  <UnitIcon country={c} size={28} title={countryLabel(c)} />
                </div>
                <Text fw={700} c={COUNTRY_COLOURS[c]} w={70}>
                  {countryLabel(c)}
                </Text>
                <Text c={seat ? undefined : 'dimmed'}>
                  {seat ? seat.name || (seat.bot ? 'Bot' : 'Player') : c === colour ? 'Free — yours' : 'Free'}
                </Text>
              </Group>
            );
          })}
        </Stack>
      </Card>
      {seatedHere ? (
        <Button component={Link} to={gameHere ? '/game' : '/lobby'} size="lg">
          {gameHere ? 'You are in: back to the game' : 'You are in: back to the lobby'}
        </Button>
      ) : playingElsewhere ? (
        <Stack gap="sm" data-testid="invite-in-game">
          <Alert color="yellow" variant="light">
            You are playing a game that is still going (lobby {elsewhereId}). Finish it first, or leave it there, which
            resigns your country; then this invite is yours to take.
          </Alert>
          <Button component={Link} to="/game" size="lg" data-testid="invite-back-to-game">
            Back to your game
          </Button>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void join();
          }}
        >
          <Stack gap="sm">
            <TextInput
              label="Your name"
              maxLength={32}
              value={nameDraft}
              onChange={(e) => setNameDraft(e.currentTarget.value)}
              data-testid="invite-name"
            />
            <Button
              type="submit"
              size="lg"
              loading={busy}
              disabled={colour === null || lobby.free === 0}
              data-testid="invite-join"
              leftSection={colour !== null ? <EmblemDot country={colour} size={18} /> : undefined}
            >
              {colour === null ? 'Every colour is taken' : `Join as ${countryLabel(colour)}`}
            </Button>
            {seatedElsewhere ? (
              <Text size="sm" c="dimmed">
                Joining leaves the lobby you are in now.
              </Text>
            ) : null}
          </Stack>
        </form>
      )}
      <Anchor component={Link} to="/join-lobby" size="sm">
        Other open lobbies
      </Anchor>
    </Stack>
  );
}
