/** The main menu: play vs bots, continue, saves, online, how to play, settings. */
import { seatedGame } from '@four-banners/engine';
import { Button, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useLayoutEffect, useMemo } from 'react';
import { setDialog } from '../app/app-state';
import { useSettings } from '../app/settings';
import { UnitIcon } from '../art/Emblem';
import { MiniMap } from '../board/MiniMap';
import { releaseShell } from '../first-screen/shell';
import { useSession } from '../game/session-store';
import { useLobby } from '../online/lobby-store';

export function MainMenu() {
  const { snap } = useSession();
  const name = useSettings((s) => s.playerName);
  const backdrop = useMemo(
    () =>
      seatedGame(
        [0, 1, 2, 3].map((c) => ({ id: `p${c}`, name: '', country: c as 0 })),
        22,
        14,
        20261122,
      ),
    [],
  );
  const running = snap !== null && snap.outcome === null;
  const seatedOnline = useLobby((l) => l.online && l.lobby !== null);
  // The prerendered menu goes in the frame this one is drawn in: no gap, no second menu.
  useLayoutEffect(() => releaseShell('menu'), []);
  return (
    <div className="fb-menu">
      <MiniMap game={backdrop} className="fb-menu-backdrop" cover />
      <div className="fb-menu-shade" />
      <Paper className="fb-menu-card" p="xl" radius="lg" shadow="xl" withBorder>
        <Stack gap="lg" align="stretch">
          <Stack gap={4} align="center">
            <div className="fb-menu-units">
              {[0, 1, 2, 3].map((c) => (
                <UnitIcon key={c} country={c} size={44} />
              ))}
            </div>
            <Title order={1} className="fb-title">
              Four Banners
            </Title>
            <Text c="dimmed" size="sm" className="fb-menu-greeting">
              Welcome, {name}. Raise banners, take the land.
            </Text>
          </Stack>
          <Stack gap="sm">
            {running ? (
              <Button component={Link} to="/game" size="lg" data-testid="continue">
                Continue game
              </Button>
            ) : null}
            <Button
              component={Link}
              to="/lobby"
              size="lg"
              variant={running ? 'light' : 'filled'}
              data-testid="play-offline"
            >
              Play vs Bots
            </Button>
            {seatedOnline ? null : (
              <Button component={Link} to="/quick-match" size="lg" variant="light" data-testid="play-online-now">
                Play online now
              </Button>
            )}
            <Button component={Link} to="/saves" variant="default" size="md">
              Saved games
            </Button>
            <Button
              renderRoot={(props) => <Link {...props} to="/saves" search={{ tab: 'replays' }} />}
              variant="default"
              size="md"
              data-testid="replays"
            >
              Replays
            </Button>
            {seatedOnline ? (
              <Button component={Link} to="/lobby" variant="default" size="md" data-testid="online-lobby-link">
                Online lobby
              </Button>
            ) : (
              <Button component={Link} to="/join-lobby" variant="default" size="md" data-testid="play-online">
                Play online
              </Button>
            )}
            <Button
              variant="default"
              size="md"
              onClick={() => setDialog('tutorial', true)}
              data-first-screen="how-to-play"
            >
              How to play
            </Button>
            <Button component={Link} to="/settings" variant="subtle" size="md" color="gray">
              Settings
            </Button>
          </Stack>
        </Stack>
      </Paper>
    </div>
  );
}
