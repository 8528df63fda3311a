/** The lobby's map, full screen, before the game starts: the offline setup's, or the online lobby's. */
import { actable } from '@four-banners/engine';
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useMemo } from 'react';
import { MiniMap } from '../board/MiniMap';
import { randomSeed } from '../game/offline-log';
import { seatsProblem } from '../game/seats';
import { previewGame, updateSetup, useSetup } from '../game/setup-store';
import { useLobby } from '../online/lobby-store';
import { useOnline } from '../online/online-link';
import { useStartOfflineGame } from '../saves/ReplaceGameDialog';

export function LobbyPreview() {
  const onlineLobby = useLobby((l) => (l.online ? l.lobby : null));
  return onlineLobby ? <OnlinePreview /> : <OfflinePreview />;
}

function OfflinePreview() {
  const setup = useSetup((s) => s);
  const game = useMemo(() => previewGame(setup), [setup]);
  const problem = seatsProblem(setup.seats);
  const newGame = useStartOfflineGame();
  return (
    <div className="fb-preview">
      <MiniMap game={game} className="fb-preview-map" />
      <Paper className="fb-preview-bar" p="sm" radius="lg" withBorder shadow="lg">
        <Group justify="space-between" gap="sm" wrap="wrap" className="fb-preview-actions">
          <Button component={Link} to="/lobby" variant="default">
            Back to lobby
          </Button>
          <Text size="sm" c="dimmed" visibleFrom="xs">
            {setup.w} × {setup.h} · seed {setup.seed}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => updateSetup({ seed: randomSeed() })}>
              New map
            </Button>
            <Button disabled={problem !== null} onClick={newGame.start}>
              Start game
            </Button>
          </Group>
        </Group>
      </Paper>
      {newGame.dialog}
    </div>
  );
}

/** The online lobby's map as the server's events fold it; the admin may reroll it or start from here. */
function OnlinePreview() {
  const lobby = useLobby((l) => l.lobby)!;
  const me = useLobby((l) => l.playerId);
  const isAdmin = lobby.adminId === me && !lobby.game.running;
  const online = useOnline().client;
  return (
    <div className="fb-preview">
      {lobby.game.tiles.length > 0 ? <MiniMap game={lobby.game} className="fb-preview-map" /> : null}
      <Paper className="fb-preview-bar" p="sm" radius="lg" withBorder shadow="lg">
        <Group justify="space-between" gap="sm" wrap="wrap" className="fb-preview-actions">
          <Button component={Link} to="/lobby" variant="default">
            Back to lobby
          </Button>
          <Text size="sm" c="dimmed" visibleFrom="xs">
            {lobby.w} × {lobby.h} · seed {lobby.seed}
          </Text>
          {isAdmin ? (
            <Group gap="sm">
              <Button variant="default" onClick={() => void online().then((o) => o.updateMap({ seed: randomSeed() }))}>
                New map
              </Button>
              <Button
                disabled={!actable(lobby.game, { id: 'start', info: {} }).ok}
                onClick={() => void online().then((o) => o.startGame())}
              >
                Start game
              </Button>
            </Group>
          ) : null}
        </Group>
      </Paper>
    </div>
  );
}
