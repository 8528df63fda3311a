/**
 * The game header: quit, whose turn, the round and turn, the turn strip, banners left, save, help, zoom,
 * Next unit (when the screen gives it) and pass turn. One row on wide screens; two on narrow ones, so
 * nothing is cut: quit, whose turn and Pass turn first, then the round, the turn strip (as many turns as
 * fit), banners and the tools.
 */
import { findCountry, isGameOver, playerOfCountry, whoseTurn, winner } from '@four-banners/engine';
import { ActionIcon, Button, Group, Modal, Text, TextInput } from '@mantine/core';
// Mantine's styles for Modal and TextInput (ARCHITECTURE §7.12).
import '../../styles/mantine-more.css';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { memo, useCallback, useEffect, useMemo, useState, type ReactNode, type RefObject } from 'react';
import { setDialog } from '../../app/app-state';
import { hint } from '../../app/hints';
import { BannerIcon } from '../../art/Emblem';
import type { BoardHandle } from '../../board/Board';
import type { GameSession, SessionSnapshot } from '../session';
import { roundOf } from '../rounds';
import { controlledHere, playerLabel, playerLabelColour } from '../seats';
import { defaultSaveName, saveSession } from '../../saves/save-session';
import { RematchButton } from '../../online/RematchButton';
import { WatchersBadge } from './WatchersBadge';
import { BackIcon, HelpIcon, SaveIcon } from './Icons';
import { GameChatButton } from './ChatDrawer';
import { askToPass, canPassNow } from './pass-turn';
import { TurnClockBadge } from './TurnClock';
import type { ClockView } from './turn-clock';
import { TurnStrip } from './TurnStrip';
import { WhoseTurn, turnTitle } from './WhoseTurn';
import { ZoomControls } from './ZoomControls';

/** Memoised: it reads the session only when opened or saving, so game steps need not render it. */
const SaveDialog = memo(function SaveDialog({
  session,
  opened,
  onClose,
  onSaved,
}: {
  session: GameSession;
  opened: boolean;
  onClose: () => void;
  onSaved: (name: string) => void;
}) {
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (opened) {
      setName(session.name || defaultSaveName(session));
      setError(null);
    }
  }, [opened, session]);
  const save = async () => {
    setBusy(true);
    try {
      const record = await saveSession(session, queryClient, name);
      onSaved(record.name);
      onClose();
    } catch (e) {
      setError(e instanceof Error ? e.message : 'The game could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="Save game" data-testid="save-dialog">
      <form
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <TextInput
          label="Name"
          value={name}
          maxLength={80}
          onChange={(e) => setName(e.currentTarget.value)}
          error={error}
          data-autofocus
        />
        <Group justify="flex-end" mt="lg">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            Save
          </Button>
        </Group>
      </form>
    </Modal>
  );
});

/** "Round 8 · Turn 31": how many times the turn order has come round (game/rounds.ts), and the turn count. */
function RoundAndTurn({ snap }: { snap: SessionSnapshot }) {
  const game = snap.lobby.game;
  const length = snap.events.length;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the log only grows: its length says when it changed
  const round = useMemo(() => roundOf(snap.base?.game ?? null, snap.events, game), [snap.base, length, game]);
  return <RoundLabel round={round} turn={game.turn.count} />;
}

const RoundLabel = memo(function RoundLabel({ round, turn }: { round: number; turn: number }) {
  return (
    <div
      className="fb-gh-round"
      data-testid="round"
      data-round={round}
      data-turn={turn}
      {...hint('A round is one turn of every country; turns count banner and chest turns too')}
    >
      <span className="fb-gh-round-main">Round {round}</span>
      <span className="fb-gh-round-sep" aria-hidden>
        {' · '}
      </span>
      <span className="fb-gh-round-sub">Turn {turn}</span>
    </div>
  );
});

// The header's buttons are memoised: a game step re-renders the header, and these only change when their
// own props do. Their labels are hints (ARCHITECTURE §7.14).

const LeaveButton = memo(function LeaveButton() {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Leave the game"
      onClick={() => setDialog('quitLobby', true)}
      {...hint('Leave the game')}
    >
      <BackIcon />
    </ActionIcon>
  );
});

const HelpButton = memo(function HelpButton() {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="How to play"
      onClick={() => setDialog('tutorial', true)}
      {...hint('How to play')}
    >
      <HelpIcon />
    </ActionIcon>
  );
});

const SaveButton = memo(function SaveButton({ onClick }: { onClick: () => void }) {
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label="Save game"
      onClick={onClick}
      data-testid="save-game"
      {...hint('Save game')}
    >
      <SaveIcon />
    </ActionIcon>
  );
});

const PassButton = memo(function PassButton({ session, disabled }: { session: GameSession; disabled: boolean }) {
  return (
    <Button
      onClick={() => askToPass(session)}
      disabled={disabled}
      data-testid="pass-turn"
      aria-label="Pass turn"
      {...hint('Pass the turn', { key: 'Enter' })}
    >
      Pass<span className="fb-wide-only">&nbsp;turn</span>
    </Button>
  );
});

const BannersLeft = memo(function BannersLeft({ country, banners }: { country: number; banners: number }) {
  return (
    <div
      className="fb-banners"
      data-testid="banners-left"
      {...hint('Banners left: click a white banner tile to place one')}
    >
      <BannerIcon country={country} size={26} />
      <Text fw={800}>{banners}</Text>
    </div>
  );
});

export function GameHeader({
  session,
  snap,
  board,
  clock = null,
  nextUnit = null,
}: {
  session: GameSession;
  snap: SessionSnapshot;
  board: RefObject<BoardHandle | null>;
  /** The running turn clock (online games with one). */
  clock?: ClockView | null;
  /** The "Next unit" button, beside Pass turn, where the layout puts it here. */
  nextUnit?: ReactNode;
}) {
  const game = snap.lobby.game;
  const over = isGameOver(game);
  const won = winner(game);
  const turn = over ? null : whoseTurn(game);
  const player = turn !== null ? playerOfCountry(snap.lobby, turn) : undefined;
  const shown = over ? won : turn;
  const shownPlayer = shown !== null ? playerOfCountry(snap.lobby, shown) : undefined;
  const mine = snap.lobby.players.filter((p) => controlledHere(p, session.playerId));
  // Banners shown: the active country's, else this device's first country still in play.
  const bannerCountry = snap.active ?? mine.map((p) => p.country).find((c) => findCountry(game, c)) ?? null;
  const banners =
    bannerCountry !== null && bannerCountry >= 0 ? (findCountry(game, bannerCountry)?.banners ?? 0) : null;
  const [saving, setSaving] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const openSave = useCallback(() => setSaving(true), []);
  const closeSave = useCallback(() => setSaving(false), []);
  const saved = useCallback((name: string) => setToast(`Saved “${name}”`), []);
  useEffect(() => {
    if (!toast) return;
    const t = setTimeout(() => setToast(null), 2200);
    return () => clearTimeout(t);
  }, [toast]);

  const canPass = canPassNow(session);
  // "Your move" says it all to the only person at this device; hot-seat players need the name.
  const yourMove =
    mine.length === 1 ? (
      <>
        <span className="fb-gh-long">{playerLabel(player)} — your move</span>
        <span className="fb-gh-short">Your move</span>
      </>
    ) : (
      `${playerLabel(player)} — your move`
    );
  return (
    <header className="fb-game-header fb-play-header">
      <div className="fb-gh-row">
        <Group gap="xs" wrap="nowrap" className="fb-gh-left">
          <LeaveButton />
          <WhoseTurn
            testId="whose-turn"
            country={shown}
            title={turnTitle(over, won, turn)}
            subtitleColour={!over && snap.active === null ? (playerLabelColour(player) ?? 'dimmed') : 'dimmed'}
            subtitle={
              over
                ? `${playerLabel(shownPlayer)} took the map`
                : snap.active !== null
                  ? yourMove
                  : turn !== null
                    ? playerLabel(player)
                    : ''
            }
          />
          {session.online ? <TurnClockBadge clock={clock} me={session.playerId} /> : null}
        </Group>
        <div className="fb-gh-pass">
          {over && session.online ? (
            <Group gap="xs" wrap="nowrap">
              <RematchButton />
              <Button onClick={() => setDialog('quitLobby', true)} data-testid="leave-after-game">
                Leave lobby
              </Button>
            </Group>
          ) : over ? (
            <Button component={Link} to="/lobby" data-testid="new-game">
              New game
            </Button>
          ) : (
            <Group gap="xs" wrap="nowrap">
              {nextUnit}
              <PassButton session={session} disabled={!canPass} />
            </Group>
          )}
        </div>
      </div>
      <div className="fb-gh-row">
        <RoundAndTurn snap={snap} />
        <div className="fb-gh-strip">
          <TurnStrip game={game} />
        </div>
        <div className="fb-gh-banners">
          {banners !== null ? <BannersLeft country={bannerCountry!} banners={banners} /> : null}
        </div>
        <Group gap="xs" wrap="nowrap" className="fb-gh-tools">
          {session.online ? <WatchersBadge /> : null}
          <Group gap={4} wrap="nowrap" visibleFrom="sm">
            <ZoomControls board={board} />
          </Group>
          {session.online ? <GameChatButton /> : <SaveButton onClick={openSave} />}
          <HelpButton />
        </Group>
      </div>
      <SaveDialog session={session} opened={saving} onClose={closeSave} onSaved={saved} />
      {toast ? (
        <div className="fb-toast" role="status" data-testid="toast">
          {toast}
        </div>
      ) : null}
    </header>
  );
}
