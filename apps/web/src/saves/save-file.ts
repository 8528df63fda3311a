/**
 * Save files: export a save as JSON, import one back. Imported files are raw input: they are checked
 * with zod and then folded by the engine before anything is stored (ARCHITECTURE §3.1: raw input is not state).
 * Besides our own save files, a bare saved game (RULES §8) is accepted and seated with bots.
 */
import {
  DIFFICULTIES,
  RULES_VERSION,
  deserializeGame,
  fold,
  serializeGame,
  type LobbyEvent,
  type PlayableCountry,
  type Player,
} from '@four-banners/engine';
import { countryIdSchema, gameActionSchema, seedSchema, serializedGameSchema } from '@four-banners/protocol';
import { z } from 'zod';
import { append, gameActionEvent, randomSeed } from '../game/offline-log';
import { DEVICE_PLAYER_ID } from '../game/seats';
import type { SaveRecord } from './save-db';
import { describeLog } from './describe';

export const SAVE_FORMAT = 'four-banners-save';
export const SAVE_FORMAT_VERSION = 1;

const idSchema = z.string().min(1).max(64);
const playerSchema = z.strictObject({
  id: idSchema,
  name: z.string().max(32),
  country: countryIdSchema,
  bot: z.strictObject({ difficulty: z.enum(DIFFICULTIES) }).optional(),
  local: z.strictObject({ ownerId: idSchema }).optional(),
});
const base = { seq: z.number().int().min(1), actor: z.string().max(64), at: z.string().max(40) };
const noSeed = { ...base, seed: z.null() };
const map = { w: z.number().int().min(1).max(256), h: z.number().int().min(1).max(256), seed: seedSchema };

/** One log event (PROTOCOL §7.1). */
export const lobbyEventSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    ...noSeed,
    kind: z.literal('lobby-created'),
    payload: z.strictObject({ lobbyId: idSchema, adminId: idSchema, ...map, rulesVersion: z.number().int() }),
  }),
  z.strictObject({ ...noSeed, kind: z.literal('player-joined'), payload: z.strictObject({ player: playerSchema }) }),
  z.strictObject({
    ...noSeed,
    kind: z.literal('player-left'),
    payload: z.strictObject({ playerId: idSchema, by: z.string() }),
  }),
  z.strictObject({
    ...noSeed,
    kind: z.literal('lobby-updated'),
    payload: z.strictObject({
      w: map.w.optional(),
      h: map.h.optional(),
      seed: seedSchema.optional(),
      adminId: idSchema.optional(),
      online: z.boolean().optional(),
    }),
  }),
  z.strictObject({
    ...noSeed,
    kind: z.literal('country-changed'),
    payload: z.strictObject({ playerId: idSchema, country: countryIdSchema }),
  }),
  z.strictObject({
    ...noSeed,
    kind: z.literal('chat'),
    payload: z.strictObject({ playerId: idSchema, msg: z.string().max(200) }),
  }),
  z.strictObject({
    ...noSeed,
    kind: z.literal('state-loaded'),
    payload: z.strictObject({ state: serializedGameSchema }),
  }),
  z.strictObject({ ...base, kind: z.literal('game-action'), seed: seedSchema, payload: gameActionSchema }),
]);

export const saveFileSchema = z.strictObject({
  format: z.literal(SAVE_FORMAT),
  version: z.literal(SAVE_FORMAT_VERSION),
  name: z.string().max(80),
  savedAt: z.string().max(40),
  events: z.array(lobbyEventSchema).min(1).max(200_000),
});
export type SaveFile = z.infer<typeof saveFileSchema>;

/** A save's file content. */
export function toSaveFile(record: SaveRecord): SaveFile {
  return {
    format: SAVE_FORMAT,
    version: SAVE_FORMAT_VERSION,
    name: record.name,
    savedAt: record.savedAt,
    events: record.events as SaveFile['events'],
  };
}

/** A file name for an export. */
export function saveFileName(record: Pick<SaveRecord, 'name' | 'savedAt'>): string {
  const slug =
    record.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'game';
  return `four-banners-${slug}-${record.savedAt.slice(0, 10)}.json`;
}

export type ImportResult = { ok: true; record: SaveRecord } | { ok: false; message: string };

/** Seats a bare serialized game: this device on the first country, easy bots on the others. */
function logForSerializedGame(state: unknown, name: string, now: Date): ImportResult {
  const game = deserializeGame(state);
  if (!game.ok) return { ok: false, message: game.error.message };
  const g = game.value;
  if (g.countries.length < 2) return { ok: false, message: 'That game has fewer than two countries.' };
  let log: LobbyEvent[] = append(
    [],
    {
      kind: 'lobby-created',
      actor: DEVICE_PLAYER_ID,
      payload: {
        lobbyId: `offline-${randomSeed().toString(36)}`,
        adminId: DEVICE_PLAYER_ID,
        w: g.width,
        h: g.height,
        seed: g.seed,
        rulesVersion: RULES_VERSION,
      },
      seed: null,
    },
    now,
  );
  log = append(
    log,
    { kind: 'state-loaded', actor: DEVICE_PLAYER_ID, payload: { state: serializeGame(g) }, seed: null },
    now,
  );
  g.countries.forEach((c, i) => {
    const player: Player =
      i === 0
        ? { id: DEVICE_PLAYER_ID, name: 'Player', country: c.id as PlayableCountry }
        : { id: `bot-${c.id}`, name: '', country: c.id as PlayableCountry, bot: { difficulty: 'easy' } };
    log = append(log, { kind: 'player-joined', actor: DEVICE_PLAYER_ID, payload: { player }, seed: null }, now);
  });
  if (!g.running) log = append(log, gameActionEvent(DEVICE_PLAYER_ID, { id: 'start', info: {} }, randomSeed()), now);
  return finish(log, name, now);
}

function finish(events: LobbyEvent[], name: string, now: Date): ImportResult {
  const folded = fold(events);
  if (!folded.ok) return { ok: false, message: `The saved game does not replay: ${folded.error.message}` };
  if (!folded.value.game.running) return { ok: false, message: 'That save holds a game that has not started.' };
  return {
    ok: true,
    record: {
      id: `save-${randomSeed().toString(36)}-${now.getTime().toString(36)}`,
      name,
      savedAt: now.toISOString(),
      events,
      ...describeLog(folded.value),
    },
  };
}

/** Reads a save file's text into a new save record, or says clearly why it cannot. */
export function importSaveText(text: string, fileName = 'Imported game', now = new Date()): ImportResult {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'That file is not a Four Banners save (it is not JSON).' };
  }
  const asSave = saveFileSchema.safeParse(json);
  if (asSave.success) return finish(asSave.data.events as LobbyEvent[], asSave.data.name || fileName, now);
  const asGame = serializedGameSchema.safeParse(json);
  if (asGame.success) return logForSerializedGame(asGame.data, fileName.replace(/\.json$/i, ''), now);
  const issue = asSave.error.issues[0];
  return {
    ok: false,
    message: `That file is not a Four Banners save${issue ? ` (${issue.path.join('.') || 'file'}: ${issue.message})` : ''}.`,
  };
}
