/**
 * The server bounds each expert bot turn (RULES §6, OPERATIONS §2.2): BOT_SEARCH_NODES positions and
 * BOT_SEARCH_MS of thinking at most, counted in the metrics, so a lobby of experts cannot hold the event
 * loop from the other lobbies. The turn found within the budget is played like any other: logged, legal.
 *
 * Three experts and one person is the most expert play an online lobby can hold: a lobby seats four, a
 * bots-only game is refused at start, and a lobby whose only person is away is paused (PROTOCOL §4.8).
 */
import { whoseTurn, type LobbyEvent } from '@four-banners/engine';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MetricsService } from '../src/common/metrics.service.js';
import { logOf } from './clocked.js';
import { ADMIN_TOKEN, LENIENT, expectOk as ok, serverRig, waitFor, type TestClient } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
afterEach(reset);

const NODES = 40;

async function metrics(): Promise<string> {
  const res = await fetch(`${server().url}/api/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  return res.text();
}
const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);
const EXPERT_TURNS_TIMED = 'fb_bot_think_seconds_count\\{difficulty="expert"\\}';

/** Bot turns in a lobby's log: each ends with a `next_turn` by a bot seat. */
const botTurnsIn = (events: readonly LobbyEvent[], botIds: ReadonlySet<string>) =>
  events.filter((e) => e.kind === 'game-action' && e.payload.id === 'next_turn' && botIds.has(e.actor)).length;

/** `player` passes each turn of `country` as soon as its fold shows it, noting each ack in `timeline`. */
function passEveryTurn(player: TestClient, country: 0 | 1, timeline: string[]): { stop(): Promise<void> } {
  let running = true;
  const loop = (async () => {
    while (running) {
      await player.until((c) => !running || whoseTurn(c.state!.game) === country, 'my turn');
      if (!running) break;
      await ok(player.emit('client-game-action', { id: 'next_turn', info: { country } }));
      timeline.push('honest');
      await player.until((c) => !running || whoseTurn(c.state!.game) !== country, 'the turn passed');
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
    },
  };
}

describe('expert bots on the server think within their budget', () => {
  it('a lobby of three experts keeps to BOT_SEARCH_NODES every turn, times each turn, and another lobby is answered meanwhile (OPERATIONS §2.2, §8)', async () => {
    // Unpaced bots and a time cap out of reach: the node budget is what stops the searches, so nothing
    // checked here depends on the machine's speed, and the experts search back to back.
    await boot({ bots: { ...LENIENT.bots, searchNodes: NODES, searchMs: 60_000 } });
    // One timeline for both lobbies: each expert turn as the server counts it, each answer the other
    // lobby's people get, in the order they happened.
    const timeline: string[] = [];
    const searches: { difficulty: string; nodes: number; complete: boolean }[] = [];
    const metricsService = server().app.get(MetricsService);
    const count = metricsService.botThought.bind(metricsService);
    vi.spyOn(metricsService, 'botThought').mockImplementation((difficulty, seconds, nodes, complete) => {
      searches.push({ difficulty, nodes, complete });
      timeline.push('expert');
      count(difficulty, seconds, nodes, complete);
    });

    // The experts' lobby: every seat a bot may take is an expert; Alice passes the instant her turn comes.
    const alice = await client();
    await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
    await alice.untilSeq(2);
    const lobbyId = alice.state!.lobbyId;
    await ok(alice.emit('client-change-country', { country: 0 }));
    for (const country of [1, 2, 3] as const) await ok(alice.emit('client-add-bot', { country, difficulty: 'expert' }));
    await ok(alice.emit('client-lobby-update', { w: 12, h: 12, seed: 11 }));
    const botIds = new Set(serverState(lobbyId).players.flatMap((p) => (p.bot ? [p.id] : [])));
    expect(botIds.size).toBe(3);

    // The other lobby: two people passing turn about.
    const carol = await client();
    const dave = await client();
    await ok(carol.emit('client-create-lobby', { playerName: 'Carol' }));
    await carol.untilSeq(2);
    const otherId = carol.state!.lobbyId;
    await ok(dave.emit('client-join-lobby', { lobbyId: otherId, playerName: 'Dave' }));
    await ok(carol.emit('client-change-country', { country: 0 }));
    await ok(dave.emit('client-change-country', { country: 1 }));
    const otherStarted = await ok(carol.emit('client-game-action', { id: 'start', info: {} }));
    await Promise.all([carol.untilSeq(otherStarted), dave.untilSeq(otherStarted)]);

    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));
    const players = [passEveryTurn(alice, 0, []), passEveryTurn(carol, 0, timeline), passEveryTurn(dave, 1, timeline)];
    const expertTurns = () => timeline.filter((t) => t === 'expert').length;
    const answers = () => timeline.filter((t) => t === 'honest').length;
    await waitFor(() => expertTurns() >= 16 && answers() >= 10, 'four expert rounds and ten answered passes');
    // Alice goes: nobody watches the experts, who stop after the turn in hand.
    await players[0]!.stop();
    alice.close();
    await Promise.all(players.slice(1).map((p) => p.stop()));

    // The other lobby's answers came between the experts' turns, not after them.
    const lastExpert = timeline.lastIndexOf('expert');
    expect(timeline.slice(timeline.indexOf('expert'), lastExpert).filter((t) => t === 'honest').length).toBeGreaterThan(
      5,
    );
    expect(serverState(otherId).game.running).toBe(true);

    // Every expert turn the histogram timed is one in the log, once the last commit has landed.
    await waitFor(
      async () => botTurnsIn(await logOf(server(), lobbyId), botIds) === value(await metrics(), EXPERT_TURNS_TIMED),
      'every timed expert turn logged',
    );
    const turns = botTurnsIn(await logOf(server(), lobbyId), botIds);
    expect(turns).toBeGreaterThanOrEqual(16);
    expect(searches).toHaveLength(turns);
    // Each search stayed within the budget, and with units on the map 40 positions are not enough to
    // finish one: the budget stopped some.
    for (const s of searches) {
      expect(s.difficulty).toBe('expert');
      expect(s.nodes).toBeLessThanOrEqual(NODES);
    }
    expect(searches.some((s) => !s.complete)).toBe(true);
    const text = await metrics();
    expect(value(text, 'fb_bot_turns_total')).toBe(turns);
    expect(value(text, 'fb_bot_search_nodes_total')).toBe(searches.reduce((sum, s) => sum + s.nodes, 0));
    expect(value(text, 'fb_bot_searches_cut_total')).toBe(searches.filter((s) => !s.complete).length);
    // What the experts played is in the log like any bot's turn, and the game is still going.
    expect(serverState(lobbyId).game.running).toBe(true);
  });
});
