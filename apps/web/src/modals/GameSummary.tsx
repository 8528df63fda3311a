/**
 * The result of the game just ended, under the player-status dialog's words (ARCHITECTURE §7.3): the turns it
 * lasted and the fights this device's country won and lost, land and units over the game (the replay
 * viewer's chart), and every country's fights. The log is the game's own (offline: this device's; online:
 * the client's, or the server's when the client joined after the lobby was created), folded after the
 * dialog has opened. A country knocked out early sees its dialog while the others play on: the summary
 * then follows the game, folded again at each new turn ("turns so far"), until the game ends.
 */
import { isGameOver, type LobbyEvent, type PlayableCountry } from '@four-banners/engine';
import { Loader, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { countryLabel } from '../art/art';
import { EmblemDot } from '../art/Emblem';
import { controlledHere } from '../game/seats';
import { useSession } from '../game/session-store';
import type { GameSession } from '../game/session';
import { fetchGameLog } from '../online/game-queries';
import { summarizeGame, type GameSummary as Summary } from '../replay/game-summary';
import { ReplayChart } from '../replay/ui/ReplayChart';
import './GameSummary.css';

type Loaded = { readonly summary: Summary } | { readonly problem: string } | null;

/** The whole log of `session`'s game: its own when it begins at the lobby's creation, else the server's. */
async function gameLog(session: GameSession, signal: AbortSignal): Promise<readonly LobbyEvent[]> {
  const events = session.snapshot.events;
  if (events[0]?.kind === 'lobby-created') return [...events];
  return fetchGameLog(session.snapshot.lobby.lobbyId, signal);
}

/** The countries this device plays in `session`'s game. */
function countriesHere(session: GameSession): PlayableCountry[] {
  return session.snapshot.lobby.players
    .filter((p) => p.country >= 0 && controlledHere(p, session.playerId))
    .map((p) => p.country as PlayableCountry);
}

function Stat({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <div className="fb-summary-stat">
      <span className="fb-summary-value" data-testid={testId}>
        {value}
      </span>
      <span className="fb-summary-label">{label}</span>
    </div>
  );
}

function SummaryView({
  summary,
  mine,
  goesOn,
}: {
  summary: Summary;
  mine: readonly PlayableCountry[];
  goesOn: boolean;
}) {
  const own = mine.length === 1 ? summary.countries.find((c) => c.country === mine[0]) : undefined;
  const turns = summary.turns === 1 ? 'turn' : 'turns';
  return (
    <>
      {goesOn ? (
        <Text size="sm" c="dimmed" ta="center" data-testid="summary-goes-on">
          The game goes on without you: this follows it.
        </Text>
      ) : null}
      <div className="fb-summary-stats">
        <Stat label={goesOn ? `${turns} so far` : turns} value={summary.turns} testId="summary-turns" />
        {own ? (
          <>
            <Stat label="fights won" value={own.fights.won} testId="summary-fights-won" />
            <Stat label="fights lost" value={own.fights.lost} testId="summary-fights-lost" />
          </>
        ) : null}
      </div>
      <ReplayChart samples={summary.samples} />
      <table className="fb-summary-fights" data-testid="summary-fights">
        <caption>Fights won and lost</caption>
        <thead>
          <tr>
            <th scope="col">Country</th>
            <th scope="col">Won</th>
            <th scope="col">Lost</th>
          </tr>
        </thead>
        <tbody>
          {summary.countries.map((c) => (
            <tr
              key={c.country}
              data-testid="summary-country"
              data-country={c.country}
              data-mine={mine.includes(c.country) || undefined}
            >
              <th scope="row">
                <EmblemDot country={c.country} size={14} />
                {countryLabel(c.country)}
                {mine.includes(c.country) ? <span className="fb-summary-you"> (you)</span> : null}
              </th>
              <td>{c.fights.won}</td>
              <td>{c.fights.lost}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

/** The summary of `session`'s game (the dialog mounts it when it opens). */
export function GameSummary({ session }: { session: GameSession }) {
  const [loaded, setLoaded] = useState<Loaded>(null);
  const { snap } = useSession();
  const game = snap?.lobby.game;
  const goesOn = game !== undefined && !isGameOver(game);
  // Folded again at each new turn while the game goes on; the last summary stays up meanwhile.
  const turn = game?.turn.count;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `turn` is what asks for the fold again
  useEffect(() => {
    const abort = new AbortController();
    // Let the dialog paint first: a long game's log takes a moment to fold.
    const timer = setTimeout(() => {
      gameLog(session, abort.signal)
        .then((events) => {
          if (!abort.signal.aborted) setLoaded({ summary: summarizeGame(events) });
        })
        .catch(() => {
          if (!abort.signal.aborted)
            setLoaded({
              problem: 'The summary needs the game’s log, and it could not be read. Watch the replay later.',
            });
        });
    }, 0);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [session, turn]);

  return (
    <section className="fb-summary" aria-label="Game summary" aria-busy={loaded === null} data-testid="game-summary">
      {loaded === null ? (
        <div className="fb-summary-wait">
          <Loader size="sm" type="dots" aria-label="Adding up the game" />
        </div>
      ) : 'problem' in loaded ? (
        <Text size="sm" c="dimmed" data-testid="game-summary-problem">
          {loaded.problem}
        </Text>
      ) : (
        <SummaryView summary={loaded.summary} mine={countriesHere(session)} goesOn={goesOn} />
      )}
    </section>
  );
}
