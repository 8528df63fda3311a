/**
 * The turn clock on the game screen (PROTOCOL §4.8): the deadline of the current turn from the received
 * lobby (`turnDeadline`), read against the local clock corrected by the server's offset, ticking a few
 * times a second only while a clock runs. Pure parts (`clockView`) are tested without a browser.
 */
import { playerOfCountry, turnDeadline, whoseTurn, type LobbyState, type PlayableCountry } from '@four-banners/engine';
import { useEffect, useState } from 'react';
import { useLobby } from '../../online/lobby-store';
import { formatClock, isWarning, remainingMs, serverClock } from '../../online/server-clock';

/** The countdown shown on the player whose turn it is, or null when no clock runs. */
export interface ClockView {
  readonly country: PlayableCountry;
  readonly playerId: string;
  /** Names this turn (its country and when it began): a warning is given once per turn. */
  readonly turnKey: string;
  /** Milliseconds left (0 once it ran out: the server's pass is on its way). */
  readonly ms: number;
  /** `m:ss`. */
  readonly text: string;
  /** The last stretch: shown as a warning, and heard on this device's own turn. */
  readonly warning: boolean;
}

/** The clock of `lobby`'s current turn at local time `localMs` with server offset `offset`. */
export function clockView(lobby: LobbyState | null, localMs: number, offset: number): ClockView | null {
  if (!lobby) return null;
  const ms = remainingMs(turnDeadline(lobby), localMs, offset);
  const country = whoseTurn(lobby.game);
  if (ms === null || country === null) return null;
  const seat = playerOfCountry(lobby, country);
  return {
    country,
    playerId: seat?.id ?? '',
    turnKey: `${country}@${lobby.turnStartedAt}`,
    ms,
    text: formatClock(ms),
    warning: isWarning(ms),
  };
}

/** How often a running clock is redrawn. */
const TICK_MS = 250;

/** The running clock of the online lobby this device is in (null offline, without a clock, or between turns). */
export function useTurnClock(): ClockView | null {
  const lobby = useLobby((l) => (l.online ? l.lobby : null));
  const running = lobby !== null && turnDeadline(lobby) !== null;
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!running) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), TICK_MS);
    return () => clearInterval(t);
  }, [running]);
  return clockView(lobby, now, serverClock.offset);
}
