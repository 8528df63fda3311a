/**
 * The turn clock's countdown in the game header (PROTOCOL §4.8): the time left to the player whose
 * turn it is, turning to a warning in the last 10 s (a style change, and a sound on this device's own
 * turn when sound is on). A screen reader hears the warning once per turn, never every second.
 */
import { COUNTRY_COLOURS } from '@four-banners/engine';
import { VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { hint } from '../../app/hints';
import { countryLabel } from '../../art/art';
import { playerLabel } from '../seats';
import { lobbyStore } from '../../online/lobby-store';
import { ClockIcon } from './Icons';
import './online-play.css';
import type { ClockView } from './turn-clock';

/** What is said (once per turn) when the clock enters its last stretch; this device's own turn also beeps. */
function useWarningNotice(clock: ClockView | null, me: string): string {
  const [said, setSaid] = useState('');
  const warned = useRef<string | null>(null);
  const warning = clock?.warning ?? false;
  const turnKey = clock?.turnKey ?? null;
  const playerId = clock?.playerId ?? null;
  useEffect(() => {
    if (turnKey === null) setSaid('');
    if (!warning || turnKey === null || warned.current === turnKey) return;
    warned.current = turnKey;
    const mine = playerId === me;
    const name = playerLabel(lobbyStore.get().lobby?.players.find((p) => p.id === playerId));
    setSaid(mine ? 'Ten seconds left on your turn.' : `Ten seconds left for ${name}.`);
    // The sound code is its own chunk, loaded with the game's sounds.
    if (mine) void import('../../sound/controller').then((m) => m.playCue('clock-warning')).catch(() => undefined);
  }, [warning, turnKey, playerId, me]);
  return said;
}

export function TurnClockBadge({ clock, me }: { clock: ClockView | null; me: string }) {
  const notice = useWarningNotice(clock, me);
  return (
    <>
      {clock ? (
        <div
          className="fb-turn-clock"
          data-testid="turn-clock"
          data-warning={clock.warning || undefined}
          style={{ '--fb-country': COUNTRY_COLOURS[clock.country] } as CSSProperties}
          role="timer"
          aria-label={`Time left for ${countryLabel(clock.country)}: ${clock.text}`}
          {...hint(`Time left for ${countryLabel(clock.country)}'s turn`)}
        >
          <ClockIcon />
          <span className="fb-turn-clock-time">{clock.text}</span>
        </div>
      ) : null}
      <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-testid="clock-notice">
        {notice}
      </VisuallyHidden>
    </>
  );
}
