/** The replay's header: back to the replays, whose turn (or the winner), the turn strip, zoom. */
import { isGameOver, playerOfCountry, whoseTurn, winner, type LobbyState } from '@four-banners/engine';
import { ActionIcon, Badge, Group, Tooltip } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import type { BoardHandle } from '../../../board/Board';
import { playerLabel } from '../../../game/seats';
import { BackIcon } from './icons';
import { TurnStrip } from './TurnStrip';
import { WhoseTurn, turnTitle } from './WhoseTurn';
import { ZoomControls } from './ZoomControls';

/** Where the replay's back button goes: the list it was opened from. */
export interface ReplayBack {
  readonly label: string;
  readonly to: string;
  readonly search?: Readonly<Record<string, string>>;
}

interface Props {
  readonly lobby: LobbyState;
  readonly board: RefObject<BoardHandle | null>;
  readonly back: ReplayBack;
}

export function ReplayHeader({ lobby, board, back }: Props) {
  const game = lobby.game;
  const over = isGameOver(game);
  const won = winner(game);
  const turn = over ? null : whoseTurn(game);
  const shown = over ? won : turn;
  const player = shown !== null ? playerOfCountry(lobby, shown) : undefined;
  return (
    <header className="fb-game-header">
      <Group gap="xs" wrap="nowrap" className="fb-gh-left">
        <Tooltip label={back.label} withArrow>
          <ActionIcon renderRoot={(props) => <Link {...props} to={back.to as never} search={back.search as never} />} variant="default" size="lg" aria-label={back.label}>
            <BackIcon />
          </ActionIcon>
        </Tooltip>
        <WhoseTurn
          testId="replay-whose"
          country={shown}
          title={turnTitle(over, won, turn)}
          subtitle={over ? `${playerLabel(player)} took the map` : turn !== null ? playerLabel(player) : ''}
        />
      </Group>
      <div className="fb-gh-strip">
        <TurnStrip game={game} />
      </div>
      <div className="fb-gh-banners">
        <Badge variant="light" color="gray" size="lg" radius="sm" data-testid="replay-badge">
          Replay · turn {game.turn.count}
        </Badge>
      </div>
      <Group gap={4} wrap="nowrap" className="fb-gh-tools" visibleFrom="sm">
        <ZoomControls board={board} />
      </Group>
    </header>
  );
}
