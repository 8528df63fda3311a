/**
 * The replay's header: back to where it was opened from, whose turn (or the winner), the turn strip,
 * what is being watched (a replay at turn N, or a live game: live, watchers, reconnecting, back to
 * live) and zoom.
 */
import { isGameOver, playerOfCountry, whoseTurn, winner, type LobbyState } from '@four-banners/engine';
import { ActionIcon, Badge, Button, Group } from '@mantine/core';
// Mantine's styles for Badge (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { Link } from '@tanstack/react-router';
import { memo, type RefObject } from 'react';
import { hint } from '../../app/hints';
import type { BoardHandle } from '../../board/Board';
import { playerLabel } from '../../game/seats';
import { BackIcon } from '../../game/ui/Icons';
import { TurnStrip } from '../../game/ui/TurnStrip';
import { WhoseTurn, turnTitle } from '../../game/ui/WhoseTurn';
import { WatchersCount } from '../../game/ui/WatchersCount';
import { ZoomControls } from '../../game/ui/ZoomControls';

/** Where the replay's back button goes: the list it was opened from. */
export interface ReplayBack {
  readonly label: string;
  readonly to: string;
  readonly search?: Readonly<Record<string, string>>;
}

/** A live game being watched: how many watch, and whether the connection is up. */
export interface ReplayLive {
  readonly watchers: number;
  readonly connected: boolean;
}

interface Props {
  readonly lobby: LobbyState;
  readonly board: RefObject<BoardHandle | null>;
  readonly back: ReplayBack;
  readonly live?: ReplayLive;
  /** Live only: the viewer shows the newest event and follows new ones. */
  readonly following?: boolean;
  readonly onBackToLive?: () => void;
}

const LiveBadges = memo(function LiveBadges({
  live,
  following,
  over,
  onBackToLive,
}: {
  live: ReplayLive;
  following: boolean;
  over: boolean;
  onBackToLive?: () => void;
}) {
  return (
    <Group gap={6} wrap="nowrap">
      {!live.connected ? (
        <Badge variant="light" color="yellow" size="lg" radius="sm" data-testid="replay-reconnecting">
          Reconnecting…
        </Badge>
      ) : null}
      {following && over ? (
        <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="replay-live-over">
          Game over
        </Badge>
      ) : following ? (
        <Badge
          variant="light"
          color="red"
          size="lg"
          radius="sm"
          leftSection={<span className="fb-rv-live-dot" aria-hidden />}
          data-testid="replay-live"
          {...hint('Following the game as it is played')}
        >
          Live
        </Badge>
      ) : (
        <Button
          size="compact-md"
          color="red"
          variant="light"
          leftSection={<span className="fb-rv-live-dot" data-still aria-hidden />}
          onClick={onBackToLive}
          data-testid="replay-back-to-live"
        >
          Back to live
        </Button>
      )}
      <WatchersCount count={live.watchers} label="People watching this game live" testId="replay-watchers" />
    </Group>
  );
});

const BackButton = memo(function BackButton({ back }: { back: ReplayBack }) {
  return (
    <ActionIcon
      renderRoot={(props) => <Link {...props} to={back.to as never} search={back.search as never} />}
      variant="default"
      size="lg"
      aria-label={back.label}
      {...hint(back.label)}
    >
      <BackIcon />
    </ActionIcon>
  );
});

const ReplayBadge = memo(function ReplayBadge({ turn }: { turn: number }) {
  return (
    <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="replay-badge">
      Replay · turn {turn}
    </Badge>
  );
});

const StillWhoseTurn = memo(WhoseTurn);

export function ReplayHeader({ lobby, board, back, live, following = false, onBackToLive }: Props) {
  const game = lobby.game;
  const over = isGameOver(game);
  const won = winner(game);
  const turn = over ? null : whoseTurn(game);
  const shown = over ? won : turn;
  const player = shown !== null ? playerOfCountry(lobby, shown) : undefined;
  return (
    <header className="fb-game-header">
      <Group gap="xs" wrap="nowrap" className="fb-gh-left">
        <BackButton back={back} />
        <StillWhoseTurn
          testId="replay-whose"
          country={shown}
          title={game.running ? turnTitle(over, won, turn) : 'Not started'}
          subtitle={
            over
              ? `${playerLabel(player)} took the map`
              : turn !== null
                ? playerLabel(player)
                : game.running
                  ? ''
                  : 'Players are taking their seats'
          }
        />
      </Group>
      <div className="fb-gh-strip">{game.running ? <TurnStrip game={game} /> : null}</div>
      <div className="fb-gh-banners">
        {live ? (
          <LiveBadges live={live} following={following} over={over} onBackToLive={onBackToLive} />
        ) : (
          <ReplayBadge turn={game.turn.count} />
        )}
      </div>
      <Group gap={4} wrap="nowrap" className="fb-gh-tools" visibleFrom="sm">
        <ZoomControls board={board} />
      </Group>
    </header>
  );
}
