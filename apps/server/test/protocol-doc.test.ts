/**
 * docs/PROTOCOL.md is a contract for clients written from it alone, so this file reads the numbers and
 * orders it states and holds the code to them (PROTOCOL §2.1, §2.5, §3.4, §4.1, §5.2, §6.1, §6): the
 * open frame and ping times, the order of error codes, the broadcast payloads, the resync threshold, the
 * fixed limits and every default beside an environment variable (the tables, and "`NAME` (value)"
 * anywhere). Change a number in the code or in the text alone and a test here fails. It also pins the
 * cases the text spells out that no other test did: a request without a callback, a second handshake, an
 * empty `?seq=`, a page past the last seq, `next_turn` before start and `lobby_full` before `not_admin`.
 */
import { readFileSync } from 'node:fs';
import type { Ack } from '@four-banners/protocol';
import { ERROR_CODES, EVENTS_PAGE_MAX, LIMITS } from '@four-banners/protocol';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { configFromEnv } from '../src/common/config.js';
import { ADMIN_TOKEN, TestClient, bootServer, expectOk, getJson, removeDir, type TestServer } from './harness.js';

/** The broadcasts of PROTOCOL §4.8, whose §4.1 rows absent-players.test.ts checks. */
const CLOCK_BROADCASTS = new Set(['server-turn-timeout', 'server-player-away', 'server-player-back']);

const DOC = readFileSync(new URL('../../../docs/PROTOCOL.md', import.meta.url), 'utf8');

/** The text of section `number` ("3.4"), up to the next heading of its level or above. */
function section(number: string): string {
  const lines = DOC.split('\n');
  const start = lines.findIndex((l) => new RegExp(`^#{2,4} ${number.replace('.', '\\.')}[. ]`).test(l));
  if (start < 0) throw new Error(`docs/PROTOCOL.md has no section ${number}`);
  const level = lines[start]!.indexOf(' ');
  const end = lines.findIndex((l, i) => i > start && /^#+ /.test(l) && l.indexOf(' ') <= level);
  return lines.slice(start, end < 0 ? undefined : end).join('\n');
}

/** The tables of `text`: each a header and rows of cells (separator rows dropped). */
function tables(text: string): { header: string[]; rows: string[][] }[] {
  const found: { header: string[]; rows: string[][] }[] = [];
  let current: string[][] | null = null;
  for (const line of [...text.split('\n'), '']) {
    if (line.startsWith('|')) {
      const cells = line
        .slice(1, line.trimEnd().endsWith('|') ? line.trimEnd().length - 1 : undefined)
        .split(/(?<!\\)\|/)
        .map((c) => c.trim());
      if (cells.every((c) => /^:?-+:?$/.test(c))) continue;
      (current ??= []).push(cells);
    } else if (current) {
      found.push({ header: current[0]!, rows: current.slice(1) });
      current = null;
    }
  }
  return found;
}

/** The `code` spans of a cell. */
const codes = (cell: string): string[] => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

const MS: Record<string, number> = { ms: 1, s: 1000, min: 60_000 };
const BYTES: Record<string, number> = { KiB: 1024, MiB: 1024 * 1024 };

/**
 * The numbers of a cell of the text ("burst 60, 120 per minute", "2 MiB", "1,000 ms"), each in the unit of
 * the environment variable `env` (its suffix: `_MS`, `_SECONDS`, `_MINUTES`, `_BYTES`, or a plain count).
 */
function numbersIn(cell: string, env: string): number[] {
  const envMs = env.endsWith('_MS') ? 1 : env.endsWith('_SECONDS') ? 1000 : env.endsWith('_MINUTES') ? 60_000 : null;
  return [...cell.matchAll(/(\d[\d,]*(?:\.\d+)?)(?:\s*(ms|s|min|KiB|MiB)\b)?/g)].map((m) => {
    const n = Number(m[1]!.replace(/,/g, ''));
    const unit = m[2];
    if (unit && unit in BYTES) return n * BYTES[unit]!;
    if (unit && unit in MS) {
      if (envMs === null) throw new Error(`${env} is a count, but the text gives "${m[0]}"`);
      return (n * MS[unit]!) / envMs;
    }
    return n;
  });
}

/** Every number of a settings object, by path. */
function leaves(value: unknown, path = '', out = new Map<string, number>()): Map<string, number> {
  if (typeof value === 'number') out.set(path, value);
  else if (value && typeof value === 'object' && !Array.isArray(value))
    for (const [k, v] of Object.entries(value)) leaves(v, `${path}.${k}`, out);
  return out;
}

const DEFAULTS = leaves(configFromEnv({}));
const PROBE = 9973;

/**
 * The code's default for environment variable `env`, in the variable's own unit: the setting it moves
 * when set (the config may keep it scaled, as per-second refills or milliseconds), read back at the default.
 */
function codeDefault(env: string): number {
  const probed = leaves(configFromEnv({ [env]: String(PROBE) }));
  for (const [path, v] of probed) {
    const d = DEFAULTS.get(path);
    if (d !== undefined && d !== v) return (d * PROBE) / v;
  }
  throw new Error(`the server does not read ${env}`);
}

describe('the documented defaults are the code defaults (docs/PROTOCOL.md §6)', () => {
  it('every table with an Environment column: each default is what the server uses without the variable', () => {
    let checked = 0;
    for (const table of tables(DOC)) {
      const envColumn = table.header.indexOf('Environment');
      if (envColumn < 1) continue;
      for (const row of table.rows) {
        const envs = codes(row[envColumn]!);
        const value = row[envColumn - 1]!;
        const documented = envs.map((env) => numbersIn(value, env));
        const numbers = documented[0] ?? [];
        // "burst 60, 120 per minute" with two variables; "20 / 20 per hour" with one that sets both.
        const pairs: [string, number][] =
          envs.length === numbers.length
            ? envs.map((env, i) => [env, documented[i]![i]!])
            : envs.length === 1
              ? numbers.map((n) => [envs[0]!, n])
              : [];
        expect(pairs.length, `row "${row.join(' | ')}"`).toBeGreaterThan(0);
        for (const [env, n] of pairs) {
          expect(codeDefault(env), `${env} in "${row[0]}"`).toBeCloseTo(n, 6);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThanOrEqual(30);
  });

  it('every "`NAME` (value)" in the text is the default of NAME', () => {
    const inline = [...DOC.matchAll(/`([A-Z][A-Z0-9_]+)` \((\d[\d,]*(?:\.\d+)?(?: ?(?:ms|s|min|KiB|MiB))?)\)/g)];
    expect(inline.length).toBeGreaterThanOrEqual(10);
    for (const [text, env, value] of inline) {
      const [n] = numbersIn(value!, env!);
      expect(codeDefault(env!), text).toBeCloseTo(n!, 6);
    }
  });

  it('PROTOCOL §6.1 fixed limits are the protocol library’s', () => {
    const rows = new Map(tables(section('6.1'))[0]!.rows.map((r) => [r[0]!, r[1]!]));
    const get = (label: string) => {
      const hit = [...rows].find(([k]) => k.startsWith(label));
      if (!hit) throw new Error(`PROTOCOL §6.1 has no row "${label}…"`);
      return hit[1];
    };
    expect(get('Seats per lobby')).toBe(String(LIMITS.playersPerLobby));
    expect(get('Names; chat messages')).toBe(`1–${LIMITS.nameMax}; 1–${LIMITS.chatMax}`);
    expect(get('Map side')).toBe(`${LIMITS.mapMin}–${LIMITS.mapMax}`);
    expect(get('Ids in payloads')).toMatch(new RegExp(`^1–${LIMITS.idMax} characters`));
    expect(get('One inbound frame')).toMatch(new RegExp(`^${LIMITS.maxMessageBytes / 1024} KiB`));
    const tail = get('Resync tail');
    expect(tail).toContain(`${LIMITS.resyncSnapshotGap.toLocaleString('en')} events`);
    expect(tail).toContain(`${LIMITS.resyncEventEnvelopeBytes} bytes per event`);
    expect(get('One HTTP events page')).toContain(`${EVENTS_PAGE_MAX.toLocaleString('en')} events`);
  });

  it('PROTOCOL §5.2 counts a resync tail as the server does: events, payload bytes plus a fixed amount per event', () => {
    const text = section('5.2').replace(/\s+/g, ' ');
    expect(text).toContain(`at most ${LIMITS.resyncSnapshotGap.toLocaleString('en')} events`);
    expect(text).toContain(`plus ${LIMITS.resyncEventEnvelopeBytes} bytes per event`);
    expect(text).toContain(`\`RESYNC_MAX_BYTES\` (${configFromEnv({}).bytes.resyncTail / 1024} KiB)`);
  });

  it('PROTOCOL §3.4 lists the error codes in the order of ERROR_CODES', () => {
    const table = tables(section('3.4'))[0]!;
    expect(table.header[0]).toBe('Code');
    expect(table.rows.map((r) => codes(r[0]!)[0])).toEqual([...ERROR_CODES]);
  });
});

/** A raw engine.io websocket to `url`, with every text frame it received (it answers pings). */
async function rawSocket(url: string) {
  const ws = new WebSocket(`${url.replace('http', 'ws')}/api/socket/?EIO=4&transport=websocket`);
  const frames: string[] = [];
  let closed = false;
  ws.on('message', (data) => {
    const text = String(data);
    if (text === '2') ws.send('3');
    frames.push(text);
  });
  ws.on('close', () => {
    closed = true;
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const until = async (check: () => boolean, what: string) => {
    const deadline = Date.now() + 10_000;
    while (!check()) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; frames: ${frames.join(' | ')}`);
      await new Promise((r) => setTimeout(r, 20));
    }
  };
  return { ws, frames, isClosed: () => closed, until };
}

describe('the server does what docs/PROTOCOL.md says', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await bootServer();
  });
  afterAll(async () => {
    await server.stop();
    removeDir(server.dir);
  });

  it('PROTOCOL §2.1, PROTOCOL §2.5: the open frame and the ping times are the documented ones', async () => {
    const raw = await rawSocket(server.url);
    await raw.until(() => raw.frames.length > 0, 'the open frame');
    const open = JSON.parse(raw.frames[0]!.slice(1)) as Record<string, unknown>;
    const documented = JSON.parse(/`0(\{"sid".*?\})`/.exec(section('2.1'))![1]!.replace('"…"', '""')) as Record<
      string,
      unknown
    >;
    for (const key of ['pingInterval', 'pingTimeout', 'maxPayload', 'upgrades'])
      expect(open[key], key).toEqual(documented[key]);
    const prose = DOC.replace(/\s+/g, ' ');
    const every = [...prose.matchAll(/pings every (\d+) s/g)].map((m) => Number(m[1]) * 1000);
    const within = [...prose.matchAll(/within (\d+) s more/g)].map((m) => Number(m[1]) * 1000);
    expect(every.length).toBeGreaterThanOrEqual(2);
    expect(within.length).toBeGreaterThanOrEqual(2);
    for (const ms of every) expect(ms).toBe(open.pingInterval);
    for (const ms of within) expect(ms).toBe(open.pingTimeout);
    raw.ws.close();
  });

  it('PROTOCOL §3.1: a request without a callback is carried out, unanswered', async () => {
    const raw = await rawSocket(server.url);
    raw.ws.send('40');
    await raw.until(() => raw.frames.some((f) => f.startsWith('42["server-hello"')), 'the greeting');
    raw.ws.send('421["client-create-lobby",{"playerName":"Raw"}]');
    await raw.until(() => raw.frames.some((f) => f.startsWith('431[')), 'the create acknowledgement');
    raw.ws.send('42["client-chat-message",{"message":"x"}]');
    await raw.until(() => raw.frames.some((f) => f.startsWith('42["server-chat-message"')), 'the chat broadcast');
    const chat = JSON.parse(raw.frames.find((f) => f.startsWith('42["server-chat-message"'))!.slice(2));
    expect(chat[1]).toMatchObject({ seq: 3, msg: 'x' });
    // Nothing answered it: the only acknowledgement is the create's.
    expect(raw.frames.filter((f) => /^43\d/.test(f))).toHaveLength(1);
    raw.ws.close();
  });

  it('PROTOCOL §6.3: a second handshake on a connected connection closes it', async () => {
    const raw = await rawSocket(server.url);
    raw.ws.send('40');
    await raw.until(() => raw.frames.some((f) => f.startsWith('42["server-hello"')), 'the greeting');
    raw.ws.send('40');
    await raw.until(raw.isClosed, 'the connection to close');
    // A refusal, if one came first, says invalid_payload (PROTOCOL §6.3); no second greeting.
    for (const f of raw.frames.filter((x) => x.startsWith('44'))) expect(f).toContain('invalid_payload');
    expect(raw.frames.filter((f) => f.startsWith('42["server-hello"'))).toHaveLength(1);
  });

  describe('a game played through the documented requests', () => {
    let alice: TestClient;
    let bob: TestClient;
    let lobbyId: string;
    let botId: string;

    beforeAll(async () => {
      alice = await TestClient.connect(server.url);
      bob = await TestClient.connect(server.url);
      await expectOk(alice.emit('client-create-lobby', { playerName: 'Alice' }));
      await alice.untilSeq(2);
      lobbyId = alice.state!.lobbyId;
    });
    afterAll(() => {
      alice.close();
      bob.close();
    });

    const refusal = async (ack: Promise<unknown>) => {
      const res = (await ack) as Ack;
      return res.ok ? 'ok' : res.error.code;
    };

    it('PROTOCOL §3.4: next_turn before start is not_actable; lobby_full comes before not_admin', async () => {
      await expectOk(alice.emit('client-change-country', { country: 0 }));
      await expectOk(bob.emit('client-join-lobby', { lobbyId, playerName: 'Bob' }));
      await expectOk(alice.emit('client-add-bot', { country: 1, difficulty: 'easy' }));
      await expectOk(alice.emit('client-lobby-update', { w: 5, h: 5, seed: 7 }));
      await expectOk(alice.emit('client-chat-message', { message: 'gl hf' }));
      expect(await refusal(alice.emit('client-game-action', { id: 'next_turn', info: { country: 0 } }))).toBe(
        'not_actable',
      );
      await expectOk(alice.emit('client-add-local', { name: 'Alice 2', country: 2 }));
      // Four seats: Bob, who is not the admin, adding a bot hears lobby_full first.
      expect(await refusal(bob.emit('client-add-bot', { country: 3, difficulty: 'easy' }))).toBe('lobby_full');
      expect(await refusal(bob.emit('client-game-action', { id: 'start', info: {} }))).toBe('not_admin');
      const seq = await expectOk(alice.emit('client-game-action', { id: 'start', info: {} }));
      await alice.untilSeq(seq);
      expect(await refusal(alice.emit('client-game-action', { id: 'start', info: {} }))).toBe('game_running');
      expect(await refusal(bob.emit('client-game-action', { id: 'start', info: {} }))).toBe('not_admin');
      expect(await refusal(alice.emit('client-sync-state', { lobbyId: 'NOPE42', afterSeq: 0 }))).toBe('not_found');
      botId = alice.state!.players.find((p) => p.bot)!.id;
      await alice.untilSeq(await expectOk(alice.emit('client-leave-lobby', { playerId: botId })));
    });

    it('PROTOCOL §4.1: each broadcast carries exactly the documented fields', () => {
      const rows = tables(section('4.1'))[0]!.rows;
      const seen = new Set<string>();
      for (const [kind, event, fields] of rows) {
        const name = codes(event!)[0]!;
        if (name === 'server-sync-state') continue; // a full state (PROTOCOL §4.2), not a list of fields
        // A clock running out and absent players need time to pass: turn-clock.test.ts checks those rows.
        if (CLOCK_BROADCASTS.has(name)) continue;
        // `name?` is a field sent only when the logged event has it.
        const documented = codes(fields!);
        const expected = new Set(['lobbyId', 'seq', 'actor', 'at', ...documented.filter((c) => !c.endsWith('?'))]);
        const optional = new Set(documented.filter((c) => c.endsWith('?')).map((c) => c.slice(0, -1)));
        const payloads = alice.received.filter((r) => r.name === name).map((r) => r.payload as object);
        expect(payloads.length, `a ${name} (${kind}) was received`).toBeGreaterThan(0);
        for (const p of payloads)
          expect(new Set(Object.keys(p).filter((k) => !optional.has(k))), name).toEqual(expected);
        seen.add(name);
      }
      expect(seen.size).toBe(7);
    });

    it('PROTOCOL §8.3: a page from past the last seq is 200 with no events; PROTOCOL §8.4: an empty seq is the latest', async () => {
      const lastSeq = alice.state!.seq;
      const past = await getJson(`${server.url}/api/games/${lobbyId}/events?from=${lastSeq + 1}`);
      expect(past).toEqual({ status: 200, body: { events: [], lastSeq } });
      const latest = await getJson(`${server.url}/api/admin/lobbies/${lobbyId}/state?seq=`, ADMIN_TOKEN);
      expect(latest.status).toBe(200);
      expect(latest.body.seq).toBe(lastSeq);
      const absent = await getJson(`${server.url}/api/admin/lobbies/${lobbyId}/state`, ADMIN_TOKEN);
      expect(latest.body).toEqual(absent.body);
      // Empty values are absent everywhere: the whole log, the first page of listings.
      const all = await getJson(`${server.url}/api/games/${lobbyId}/events?from=&to=`);
      expect(all.body.events).toHaveLength(lastSeq);
      expect((await getJson(`${server.url}/api/games?limit=&offset=`)).status).toBe(200);
      expect((await getJson(`${server.url}/api/admin/lobbies/${lobbyId}/state?seq=0`, ADMIN_TOKEN)).status).toBe(404);
    });
  });
});
