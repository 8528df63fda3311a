/** The lobby's map, full screen, before the game starts. */
import { Button, Group, Paper, Text } from '@mantine/core';
import { Link, useNavigate } from '@tanstack/react-router';
import { useMemo } from 'react';
import { MiniMap } from '../../../board/MiniMap';
import { randomSeed } from '../../../game/offline-log';
import { seatsProblem } from '../../../game/seats';
import { previewGame, startOfflineGame, updateSetup, useSetup } from '../../../game/setup-store';

export function LobbyPreview() {
  const setup = useSetup((s) => s);
  const game = useMemo(() => previewGame(setup), [setup]);
  const navigate = useNavigate();
  const problem = seatsProblem(setup.seats);
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
            <Button
              disabled={problem !== null}
              onClick={() => {
                startOfflineGame(setup);
                void navigate({ to: '/game' });
              }}
            >
              Start game
            </Button>
          </Group>
        </Group>
      </Paper>
    </div>
  );
}
