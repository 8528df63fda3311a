/** zod schemas of the engine's data on the wire: action payloads and the serialized game (RULES §4.1, §8). */
import { ENGINE_MAX_SIDE, SEED_LIMIT } from '@four-banners/engine';
import { z } from 'zod';

export const seedSchema = z
  .number()
  .int()
  .min(0)
  .max(SEED_LIMIT - 1);
export const countryIdSchema = z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const playableCountrySchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export const posSchema = z.strictObject({ x: z.number().int().min(0), y: z.number().int().min(0) });

/** Payloads a client may send (no `bonus`: strict objects refuse it, PROTOCOL §3.2). */
const startSchema = z.strictObject({ id: z.literal('start'), info: z.strictObject({}) });
const nextTurnSchema = z.strictObject({
  id: z.literal('next_turn'),
  info: z.strictObject({ country: playableCountrySchema }),
});
const placeBannerSchema = z.strictObject({
  id: z.literal('place_banner'),
  info: z.strictObject({ country: playableCountrySchema, x: z.number().int().min(0), y: z.number().int().min(0) }),
});
export const clientActionSchema = z.discriminatedUnion('id', [
  startSchema,
  nextTurnSchema,
  placeBannerSchema,
  z.strictObject({
    id: z.literal('move_unit'),
    info: z.strictObject({ country: playableCountrySchema, from: posSchema, to: posSchema }),
  }),
]);
export type ClientAction = z.infer<typeof clientActionSchema>;

/** Every action a log may hold (RULES §4.1), including the server-made ones and a bot's `bonus`. */
export const gameActionSchema = z.discriminatedUnion('id', [
  startSchema,
  nextTurnSchema,
  placeBannerSchema,
  z.strictObject({
    id: z.literal('move_unit'),
    info: z.strictObject({
      country: playableCountrySchema,
      from: posSchema,
      to: posSchema,
      bonus: z.number().int().min(0).max(6).optional(),
    }),
  }),
  z.strictObject({
    id: z.literal('generate'),
    info: z.strictObject({
      w: z.number().int().min(1).max(ENGINE_MAX_SIDE),
      h: z.number().int().min(1).max(ENGINE_MAX_SIDE),
      seed: seedSchema,
    }),
  }),
  z.strictObject({ id: z.literal('add_country'), info: z.strictObject({ country: playableCountrySchema }) }),
  z.strictObject({ id: z.literal('remove_country'), info: z.strictObject({ country: playableCountrySchema }) }),
]);

const unitSchema = z.strictObject({ id: playableCountrySchema, attacked: z.boolean(), moved: z.boolean() });
const tileSchema = z.strictObject({
  pos: z.strictObject({ x: z.number().int().min(0), y: z.number().int().min(0) }),
  owner: countryIdSchema,
  type: z.union([z.literal(0), z.literal(1)]),
  landmark: z.union([z.literal(-1), z.literal(0), z.literal(1), z.literal(2), z.literal(3)]),
  unit: unitSchema.optional(),
});

/**
 * The serialized game's shape (RULES §8). Shape only: the engine's `parseGame` / `deserializeGame`
 * checks what a shape cannot (tile count, row-major positions, the turn's country).
 */
export const serializedGameSchema = z.strictObject({
  w: z.number().int().min(1).max(ENGINE_MAX_SIDE),
  h: z.number().int().min(1).max(ENGINE_MAX_SIDE),
  mapSeed: seedSchema,
  rngSeed: seedSchema,
  turnCount: z.number().int().min(0),
  turnType: z.union([z.literal(-1), playableCountrySchema, z.literal(4), z.literal(5)]),
  running: z.boolean(),
  countries: z.array(z.strictObject({ id: playableCountrySchema, banners: z.number().int().min(0) })).max(4),
  tiles: z.array(tileSchema).max(ENGINE_MAX_SIDE * ENGINE_MAX_SIDE),
});
