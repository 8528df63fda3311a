/**
 * The last 4 and next 4 turn types around the current turn (in the game screen's header). In a narrow header the
 * oldest turns go first, then the farthest ahead (`data-drop` ranks them; the CSS container queries in
 * game-layout.css hide them), so what fits always shows the current turn and what comes next.
 */
import { TURN_TYPE, turnStrip, type GameData } from '@four-banners/engine';
import { memo } from 'react';
import { hint } from '../../app/hints';
import { CHEST_MARKUP, countryLabel } from '../../art/art';
import { EmblemDot } from '../../art/Emblem';

function TurnIcon({ type }: { type: number }) {
  if (type === TURN_TYPE.banner) {
    return (
      <svg width={20} height={20} viewBox="0 0 64 64" aria-hidden>
        <path d="M18 58V8" stroke="#e8e9ec" strokeWidth={6} strokeLinecap="round" />
        <path d="M21 9H54L46 21L54 33H21Z" fill="#e8e9ec" />
      </svg>
    );
  }
  if (type === TURN_TYPE.chest) {
    return (
      <svg width={20} height={20} viewBox="8 12 48 44" aria-hidden>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the markup is the game's own art, built from constants in art.ts, never text from a player */}
        <g dangerouslySetInnerHTML={{ __html: CHEST_MARKUP }} />
      </svg>
    );
  }
  return type >= 0 && type <= 3 ? <EmblemDot country={type} size={18} /> : <span>·</span>;
}

/** When the strip runs out of room, the rank at which a turn `offset` turns from now is left out (0: never). */
export function dropRank(offset: number): number {
  if (offset < 0) return 5 + offset; // 4 turns ago first, then 3, 2, 1
  if (offset >= 3) return 9 - offset; // then 4 turns ahead, then 3
  return 0;
}

const label = (type: number) =>
  type === TURN_TYPE.banner
    ? 'Banner turn: everyone gets 1 banner'
    : type === TURN_TYPE.chest
      ? 'Chest turn: a chest appears'
      : `${countryLabel(type)}'s turn`;

/** The strip shows only the turn and the country order: a step (or a replay's seek) within a turn leaves it be. */
function sameStrip(x: GameData, y: GameData): boolean {
  return (
    x.turn.count === y.turn.count &&
    x.turn.type === y.turn.type &&
    x.countries.length === y.countries.length &&
    x.countries.every((c, i) => c.id === y.countries[i]!.id)
  );
}

export const TurnStrip = memo(
  function TurnStrip({ game }: { game: GameData }) {
    const strip = turnStrip(game, 4, 4);
    return (
      <ol className="fb-strip" aria-label="Turns">
        {strip.map((t) => (
          <li
            key={t.turn}
            className="fb-strip-item"
            data-current={t.current || undefined}
            data-past={t.turn < game.turn.count || undefined}
            data-drop={dropRank(t.turn - game.turn.count) || undefined}
            {...hint(`Turn ${t.turn}: ${label(t.type)}`, { delay: 300 })}
          >
            <TurnIcon type={t.type} />
          </li>
        ))}
      </ol>
    );
  },
  (a, b) => sameStrip(a.game, b.game),
);
