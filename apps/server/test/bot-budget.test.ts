/**
 * The server bounds each expert bot turn (RULES §6, OPERATIONS §2.2): BOT_SEARCH_NODES positions and
 * BOT_SEARCH_MS of thinking at most, counted in the metrics, so a lobby of experts cannot hold the event
 * loop from the other lobbies. The turn found within the budget is played like any other: logged, legal.
 */
import { whoseTurn } from '@four-banners/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { ADMIN_TOKEN, LENIENT, expectOk as ok, serverRig, waitFor } from './harness.js';

const { server, boot, client, serverState, reset } = serverRig();
afterEach(reset);

const NODES = 40;

async function metrics(): Promise<string> {
  const res = await fetch(`${server().url}/api/metrics`, { headers: { authorization: `Bearer ${ADMIN_TOKEN}` } });
  return res.text();
}
const value = (text: string, name: string) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? Number.NaN);

describe('expert bots on the server think within their budget', () => {
  it('a lobby of three experts plays its rounds with at most BOT_SEARCH_NODES a turn, counted in the metrics', async () => {
    await boot({ bots: { ...LENIENT.bots, searchNodes: NODES, searchMs: 5_000 } });
    const alice = await client();
    await ok(alice.emit('client-create-lobby', { playerName: 'Alice' }));
    await alice.untilSeq(2);
    const lobbyId = alice.state!.lobbyId;
    await ok(alice.emit('client-change-country', { country: 0 }));
    for (const country of [1, 2, 3] as const) await ok(alice.emit('client-add-bot', { country, difficulty: 'expert' }));
    await ok(alice.emit('client-lobby-update', { w: 12, h: 12, seed: 11 }));
    await ok(alice.emit('client-game-action', { id: 'start', info: {} }));

    for (let round = 0; round < 4; round++) {
      expect(whoseTurn(serverState(lobbyId).game)).toBe(0);
      await ok(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }));
      await waitFor(() => whoseTurn(serverState(lobbyId).game) === 0, 'the three experts played');
    }

    const text = await metrics();
    const turns = value(text, 'fb_bot_think_seconds_count\\{difficulty="expert"\\}');
    const nodes = value(text, 'fb_bot_search_nodes_total');
    expect(turns).toBeGreaterThanOrEqual(12);
    expect(nodes).toBeGreaterThan(0);
    expect(nodes).toBeLessThanOrEqual(NODES * turns);
    // With units on the map, 40 positions are not enough to finish a search: the budget stopped some.
    expect(value(text, 'fb_bot_searches_cut_total')).toBeGreaterThan(0);
    // What the experts played is in the log like any bot's turn, and the game is still going.
    expect(serverState(lobbyId).game.running).toBe(true);
  });
});
