/**
 * Raw socket.io frames no well-behaved client sends, straight on the websocket: the server answers them
 * with a code, never crashes, and one connection never carries more than one socket (whatever the caps).
 */
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LobbyHub } from '../src/lobby/core/lobby.hub.js';
import { LENIENT, TestClient, bootServer, getJson, removeDir, type TestServer } from './harness.js';

let server: TestServer;

beforeAll(async () => {
  server = await bootServer({ socketsPerPlayer: 2, address: { ...LENIENT.address, connections: 3 } });
});
afterAll(async () => {
  await server.stop();
  removeDir(server.dir);
});

/** A raw engine.io websocket with every text frame it received. */
async function rawSocket(): Promise<{
  ws: WebSocket;
  frames: string[];
  until(check: (f: string[]) => boolean): Promise<void>;
}> {
  const ws = new WebSocket(`${server.url.replace('http', 'ws')}/api/socket/?EIO=4&transport=websocket`);
  const frames: string[] = [];
  const waiters: (() => void)[] = [];
  ws.on('message', (data) => {
    const text = String(data);
    // Answer the server's pings so the connection stays open.
    if (text === '2') ws.send('3');
    frames.push(text);
    for (const w of waiters.splice(0)) w();
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = async (check: (f: string[]) => boolean) => {
    const deadline = Date.now() + 10_000;
    while (!check(frames)) {
      if (Date.now() > deadline) throw new Error(`timed out; frames: ${frames.join(' | ')}`);
      await new Promise<void>((resolve) => {
        waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
  };
  return { ws, frames, until };
}

const hellos = (frames: string[]) => frames.filter((f) => f.startsWith('42["server-hello"'));

describe('frames with odd event names', () => {
  it('a number as the event name is answered with a code and the server lives on', async () => {
    const raw = await rawSocket();
    raw.ws.send('40');
    await raw.until((f) => hellos(f).length === 1);
    raw.ws.send('421[1,{}]');
    raw.ws.send('422[1.5]');
    await raw.until((f) => f.some((x) => x.startsWith('431')) && f.some((x) => x.startsWith('432')));
    expect(raw.frames.find((x) => x.startsWith('431'))).toContain('invalid_payload');
    expect((await getJson(`${server.url}/api/health`)).status).toBe(200);
    raw.ws.close();
  });
});

describe('one connection carries one socket', () => {
  it('several handshakes queued on one connection open one socket, then the connection is closed; the caps hold', async () => {
    const owner = await TestClient.connect(server.url);
    const auth = JSON.stringify({ playerId: owner.playerId, token: owner.hello.token });
    const raw = await rawSocket();
    const closed = new Promise<void>((resolve) => raw.ws.once('close', () => resolve()));
    for (let i = 0; i < 20; i++) raw.ws.send(`40${auth}`);
    await closed;
    expect(hellos(raw.frames)).toHaveLength(1);
    expect(raw.frames.find((x) => x.startsWith('44'))).toContain('already carries a socket');
    const hub = server.app.get(LobbyHub);
    expect(hub.socketCount(owner.playerId)).toBeLessThanOrEqual(2);
    // The misbehaving connection's socket went with it: the player holds only the well-behaved one.
    const deadline = Date.now() + 5000;
    while (hub.socketCount(owner.playerId) > 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(hub.socketCount(owner.playerId)).toBe(1);
    owner.close();
  });
});
