/** The requests' contract (PROTOCOL §6.1 limits, §3.2 strict schemas, §3.4 error codes) and both event maps. */
import { COUNTRY } from '@four-banners/engine';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { Ack } from './acks.js';
import { ERROR_CODES } from './acks.js';
import type { ServerToClientEvents } from './payloads.js';
import {
  CLIENT_EVENT_NAMES,
  addBotSchema,
  changeCountrySchema,
  chatMessageSchema,
  clientGameActionSchema,
  createLobbySchema,
  lobbyUpdateSchema,
  syncStateSchema,
  type ClientToServerEvents,
} from './requests.js';

const accepts = (schema: { safeParse(v: unknown): { success: boolean } }, v: unknown) => schema.safeParse(v).success;

describe('inbound payload limits (PROTOCOL §3.2, §6.1)', () => {
  it('names are 1–32 UTF-16 units after trimming', () => {
    expect(accepts(createLobbySchema, { playerName: 'A' })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: 'x'.repeat(32) })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: 'x'.repeat(33) })).toBe(false);
    expect(accepts(createLobbySchema, { playerName: '  ' })).toBe(false);
    expect(accepts(createLobbySchema, { playerName: '😀'.repeat(16) })).toBe(true);
    expect(accepts(createLobbySchema, { playerName: `${'😀'.repeat(16)}a` })).toBe(false);
    expect(createLobbySchema.parse({ playerName: '  Ann ' }).playerName).toBe('Ann');
  });

  it('chat is 1–200 UTF-16 units: 100 emoji + 1 letter is refused although it is 101 code points', () => {
    expect(accepts(chatMessageSchema, { message: 'x'.repeat(200) })).toBe(true);
    expect(accepts(chatMessageSchema, { message: 'x'.repeat(201) })).toBe(false);
    expect(accepts(chatMessageSchema, { message: '😀'.repeat(100) })).toBe(true);
    expect(accepts(chatMessageSchema, { message: `${'😀'.repeat(100)}a` })).toBe(false);
    expect(accepts(chatMessageSchema, { message: ' \n ' })).toBe(false);
  });

  it('maps are 5–32 a side, seeds uint32, and an update must change something', () => {
    expect(accepts(lobbyUpdateSchema, { w: 5, h: 32 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { w: 4 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { h: 33 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { seed: 0 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { seed: 2 ** 32 - 1 })).toBe(true);
    expect(accepts(lobbyUpdateSchema, { seed: 2 ** 32 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, { seed: 1.5 })).toBe(false);
    expect(accepts(lobbyUpdateSchema, {})).toBe(false);
    expect(accepts(lobbyUpdateSchema, { online: false })).toBe(true);
    expect(accepts(syncStateSchema, { lobbyId: 'A', afterSeq: -1 })).toBe(false);
  });
});

describe('strict objects (PROTOCOL §3.2)', () => {
  it('refuses unknown keys, __proto__ keys and a client bonus, even 0', () => {
    expect(accepts(createLobbySchema, { playerName: 'A', admin: true })).toBe(false);
    expect(accepts(createLobbySchema, JSON.parse('{"playerName":"A","__proto__":{"polluted":1}}'))).toBe(false);
    const move = { id: 'move_unit', info: { country: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } } };
    expect(accepts(clientGameActionSchema, move)).toBe(true);
    expect(accepts(clientGameActionSchema, { ...move, info: { ...move.info, bonus: 0 } })).toBe(false);
    expect(accepts(clientGameActionSchema, { id: 'generate', info: { w: 5, h: 5, seed: 1 } })).toBe(false);
    expect(accepts(changeCountrySchema, { country: COUNTRY.none })).toBe(true);
    expect(accepts(changeCountrySchema, { country: 4 })).toBe(false);
    expect(accepts(addBotSchema, { country: -1, difficulty: 'easy' })).toBe(false);
  });
});

describe('a request id (PROTOCOL §3.5)', () => {
  const move = { id: 'move_unit', info: { country: 0, from: { x: 0, y: 0 }, to: { x: 1, y: 0 } } };
  it('rides on chat lines and on every game action, beside the payload', () => {
    const id = '0b6f3c1e-57a4-4c2e-9d7f-3f1b2a9c8e10';
    expect(accepts(chatMessageSchema, { message: 'hi', requestId: id })).toBe(true);
    expect(accepts(clientGameActionSchema, { ...move, requestId: id })).toBe(true);
    expect(accepts(clientGameActionSchema, { id: 'start', info: {}, requestId: 'AbCdEfGh_-12' })).toBe(true);
    expect(clientGameActionSchema.parse({ ...move, requestId: id })).toEqual({ ...move, requestId: id });
  });
  it('is 8 to 64 letters, digits, _ or -; inside info, or on other requests, it is an unknown key', () => {
    for (const requestId of ['short', 'x'.repeat(65), 'has space 12', 'semi;colon12', 12345678])
      expect(accepts(chatMessageSchema, { message: 'hi', requestId }), String(requestId)).toBe(false);
    expect(accepts(chatMessageSchema, { message: 'hi', requestId: 'x'.repeat(64) })).toBe(true);
    expect(accepts(clientGameActionSchema, { ...move, info: { ...move.info, requestId: 'abcdefgh' } })).toBe(false);
    expect(accepts(createLobbySchema, { playerName: 'A', requestId: 'abcdefgh' })).toBe(false);
  });
});

describe('the contract lists', () => {
  it('has the thirteen error codes of PROTOCOL §3.4 in their order of precedence', () => {
    expect(ERROR_CODES).toEqual([
      'invalid_payload',
      'rate_limited',
      'unavailable',
      'not_found',
      'not_in_lobby',
      'lobby_full',
      'unauthorized',
      'not_admin',
      'muted',
      'game_running',
      'game_over',
      'not_your_turn',
      'not_actable',
    ]);
  });

  it('has a schema for every client event', () => {
    expect(CLIENT_EVENT_NAMES).toHaveLength(19);
  });

  it('types both ends of the socket (type-level)', () => {
    expectTypeOf<Parameters<ClientToServerEvents['client-chat-message']>[0]>().toEqualTypeOf<{
      message: string;
      requestId?: string | undefined;
    }>();
    expectTypeOf<Parameters<ServerToClientEvents['server-game-action']>[0]['seq']>().toBeNumber();
    const ack: Ack = { ok: true, seq: 3 };
    // @ts-expect-error an error ack needs a known code
    const bad: Ack = { ok: false, error: { code: 'teapot', message: '' } };
    // @ts-expect-error a client payload cannot carry unknown keys
    const extra: Parameters<ClientToServerEvents['client-create-lobby']>[0] = { playerName: 'A', admin: true };
    expect([ack, bad, extra]).toHaveLength(3);
  });
});
