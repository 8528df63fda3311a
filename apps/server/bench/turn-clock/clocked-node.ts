/**
 * One server node for the turn-clock bench (docs/PROTOCOL.md §4.8): the real server, settings from the
 * environment, plus a control line on stdin the bench uses to set lobbies' clocks as their admin would
 * (`{"clock": 30, "lobbies": ["K7Q2ZP", …]}` → `{"msg": "clocked", "n": …}` on stdout). Its pid is the
 * server's, so the bench reads its CPU from /proc.
 */
import { createInterface } from 'node:readline';
import { SERVER_ACTOR, type TurnClock as ClockSeconds } from '@four-banners/engine';
import { configFromEnv } from '../../src/common/config.js';
import { Draft, LobbyStore } from '../../src/lobby/core/lobby.store.js';
import { startServer } from '../../src/server.js';

const server = await startServer(configFromEnv());
const store = server.app.get(LobbyStore);
const say = (fields: Record<string, unknown>) => process.stdout.write(`${JSON.stringify(fields)}\n`);
say({ msg: 'listening', port: server.port });

async function setClock(lobbyId: string, clock: ClockSeconds): Promise<void> {
  await store.inLobby(lobbyId, async (state) => {
    if (!state) return;
    const draft = new Draft(state, new Date().toISOString());
    draft.add({ kind: 'lobby-updated', actor: SERVER_ACTOR, seed: null, payload: { clock } });
    await store.commit(draft, {});
  });
}

createInterface({ input: process.stdin }).on('line', (line) => {
  const { clock, lobbies } = JSON.parse(line) as { clock: ClockSeconds; lobbies: string[] };
  void (async () => {
    for (const lobbyId of lobbies) await setClock(lobbyId, clock);
    say({ msg: 'clocked', n: lobbies.length });
  })();
});
process.on('SIGTERM', () => {
  void server.close().then(() => process.exit(0));
});
