/** Random ids, tokens and seeds (node:crypto; the engine never draws these). */
import { createHash, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';

const LOBBY_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A short lobby id that is easy to read out and type: 6 characters, no 0/O or 1/I. */
export function newLobbyId(): string {
  const bytes = randomBytes(6);
  let id = '';
  for (const b of bytes) id += LOBBY_ALPHABET[b % LOBBY_ALPHABET.length];
  return id;
}

export const newPlayerId = (): string => randomUUID();
export const newSeatId = (prefix: 'bot' | 'local'): string => `${prefix}-${randomBytes(6).toString('hex')}`;
export const newToken = (): string => randomBytes(24).toString('base64url');
/** A uint32 seed (RULES §5.2: 0 ≤ seed < 2^32). */
export const newSeed = (): number => randomInt(0, 2 ** 32);

/** The stored form of a token: its SHA-256, hex. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Compares two secrets in constant time (hashing first so lengths never leak). */
export function secretsEqual(a: string, b: string): boolean {
  const ha = createHash('sha256').update(a, 'utf8').digest();
  const hb = createHash('sha256').update(b, 'utf8').digest();
  return timingSafeEqual(ha, hb);
}
