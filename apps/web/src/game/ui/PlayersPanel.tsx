/**
 * The players at one moment of a game: per country (in country order) its emblem, name and seat, the
 * land, units and banners it holds, whether it is still in the game, and whose turn it is. Takes any
 * lobby state (a replay's frame, a live game) and, online, who is connected; then another person's row has a
 * "Report" action (PROTOCOL §4.9: not bots, hot-seat seats or this device's own).
 */
import {
  COUNTRY_COLOURS,
  PLAYABLE_COUNTRIES,
  isGameOver,
  playerOfCountry,
  whoseTurn,
  winner,
  type LobbyState,
  type PlayableCountry,
} from '@four-banners/engine';
import { Button, Text, VisuallyHidden } from '@mantine/core';
import { memo, useMemo, type CSSProperties } from 'react';
import { hint } from '../../app/hints';
import { countryLabel } from '../../art/art';
import { EmblemDot } from '../../art/Emblem';
import { controlledHere, playerLabel, playerLabelColour } from '../seats';
import { openReport } from '../../online/moderation-store';
import { countCountries, type CountryCounts } from '../country-counts';
import type { ClockView } from './turn-clock';
import './PlayersPanel.css';

interface Props {
  readonly lobby: LobbyState;
  /** Who is connected, by player id (online games); people get a dot when it is given. */
  readonly presence?: Readonly<Record<string, boolean>>;
  /** This device's player id: that seat reads "you", and its row (or its hot-seat players' row) "Your turn" on its turn. */
  readonly me?: string;
  /** The running turn clock (online games with a clock): its countdown shows on that country's row. */
  readonly clock?: ClockView | null;
}

/** 'Your turn' on the row of a country this device plays (hot-seat: the one on turn), 'Their turn' on another's. */
type Status = 'Winner' | 'Out' | 'Your turn' | 'Their turn' | null;

/** One country's line of the players list: plain values, so a redraw touches only lines that changed. */
export interface CountryRow {
  readonly country: PlayableCountry;
  readonly seat: string;
  readonly seatColour: string | undefined;
  /** Whether the seat's person is connected; undefined for bots, hot-seat players or without presence. */
  readonly connected: boolean | undefined;
  readonly you: boolean;
  readonly status: Status;
  readonly land: number;
  readonly units: number;
  readonly banners: number;
  /** "Away — a bot is playing for Bob" while a person is away (PROTOCOL §4.8), else null. */
  readonly away: string | null;
  /** The turn clock's countdown on the row of the player whose turn it is, and whether it warns. */
  readonly clock: string | null;
  readonly clockWarning: boolean;
  /** The seat's person when this device may report them (online, another person), else null. */
  readonly reportId: string | null;
}

/** The countries of `lobby` in country order: those in the game and seated ones that are out (they keep their seat after losing). */
export function countryRows(
  lobby: LobbyState,
  counts: CountryCounts,
  presence?: Readonly<Record<string, boolean>>,
  me?: string,
  clock?: ClockView | null,
): CountryRow[] {
  const game = lobby.game;
  const inGame = new Set(game.countries.map((c) => c.id));
  const listed = PLAYABLE_COUNTRIES.filter((c) => inGame.has(c) || lobby.players.some((p) => p.country === c));
  const over = isGameOver(game);
  const won = winner(game);
  const turn = over ? null : whoseTurn(game);
  return listed.map((c) => {
    const player = playerOfCountry(lobby, c);
    const person = player && !player.bot && !player.local;
    return {
      country: c,
      seat: playerLabel(player),
      seatColour: playerLabelColour(player),
      connected: presence && person ? presence[player.id] === true : undefined,
      you: me !== undefined && player?.id === me,
      status:
        won === c
          ? 'Winner'
          : !inGame.has(c) && game.running
            ? 'Out'
            : turn === c
              ? me !== undefined && controlledHere(player, me)
                ? 'Your turn'
                : 'Their turn'
              : null,
      land: counts.land[c],
      units: counts.units[c],
      banners: game.countries.find((x) => x.id === c)?.banners ?? 0,
      away: player?.away !== undefined && inGame.has(c) ? `Away — a bot is playing for ${playerLabel(player)}` : null,
      clock: clock?.country === c ? clock.text : null,
      clockWarning: clock?.country === c && clock.warning,
      reportId: presence && me !== undefined && person && player.id !== me ? player.id : null,
    };
  });
}

/** The column heads: drawn once. */
const Head = memo(function Head() {
  return (
    <thead>
      <tr>
        <th scope="col">Country</th>
        <th scope="col" className="fb-num">
          <span {...hint('Tiles owned')}>Land</span>
        </th>
        <th scope="col" className="fb-num">
          Units
        </th>
        <th scope="col" className="fb-num">
          <span {...hint('Banners in hand, not yet raised')}>Banners</span>
        </th>
      </tr>
    </thead>
  );
});

/** One country's row: plain values, so a seek redraws only the rows whose numbers changed. */
const Row = memo(function Row({
  country,
  seat,
  seatColour,
  connected,
  you,
  status,
  land,
  units,
  banners,
  away,
  clock,
  clockWarning,
  reportId,
}: CountryRow) {
  return (
    <tr
      data-testid={`players-row-${country}`}
      data-out={status === 'Out' || undefined}
      data-turn={status === 'Their turn' || status === 'Your turn' || undefined}
      style={{ '--fb-country': COUNTRY_COLOURS[country] } as CSSProperties}
    >
      <th scope="row">
        <div className="fb-players-who">
          <EmblemDot country={country} size={20} />
          <div className="fb-players-names">
            <span className="fb-players-country">{countryLabel(country)}</span>
            {status ? (
              <span className="fb-players-status" data-status={status}>
                {status}
              </span>
            ) : null}
            {clock !== null ? (
              <span
                className="fb-players-clock"
                data-warning={clockWarning || undefined}
                data-testid={`players-clock-${country}`}
              >
                <VisuallyHidden>Time left: </VisuallyHidden>
                {clock}
              </span>
            ) : null}
            <span className="fb-players-seat" style={seatColour ? { color: seatColour } : undefined}>
              {connected !== undefined ? (
                <span
                  className="fb-presence"
                  data-online={connected || undefined}
                  role="img"
                  aria-label={connected ? 'online' : 'offline'}
                />
              ) : null}
              {seat}
              {you ? <span className="fb-players-you">you</span> : null}
              {reportId !== null ? (
                <Button
                  variant="subtle"
                  color="gray"
                  size="compact-xs"
                  className="fb-players-report"
                  aria-label={`Report ${seat}`}
                  data-testid={`players-report-${country}`}
                  onClick={() => openReport({ playerId: reportId, name: seat })}
                >
                  Report
                </Button>
              ) : null}
            </span>
            {away ? (
              <span className="fb-players-away" data-testid={`players-away-${country}`}>
                {away}
              </span>
            ) : null}
          </div>
        </div>
      </th>
      <td className="fb-num">{land}</td>
      <td className="fb-num">{units}</td>
      <td className="fb-num">{banners}</td>
    </tr>
  );
});

export const PlayersPanel = memo(function PlayersPanel({ lobby, presence, me, clock }: Props) {
  const game = lobby.game;
  const counts = useMemo(() => countCountries(game), [game]);
  const rows = countryRows(lobby, counts, presence, me, clock);
  return (
    <section aria-label="Players" className="fb-players" data-testid="players-panel">
      <table>
        <Head />
        <tbody>
          {rows.map((r) => (
            <Row key={r.country} {...r} />
          ))}
        </tbody>
      </table>
      {rows.length === 0 ? (
        <Text size="sm" c="dimmed" p="xs">
          Nobody has taken a colour yet.
        </Text>
      ) : null}
    </section>
  );
});
