/** Who is on the other end of a socket (PROTOCOL §2.2, §2.3). */
import { Inject, Injectable } from '@nestjs/common';
import { handshakeAuthSchema } from '@four-banners/protocol';
import { hashToken, newPlayerId, newToken, secretsEqual } from '../../common/ids.js';
import { PlayerRepository } from '../../storage/player.repository.js';

export interface Identity {
  readonly playerId: string;
  readonly token: string;
  /** False when a fresh identity was made. */
  readonly restored: boolean;
}

@Injectable()
export class IdentityService {
  constructor(@Inject(PlayerRepository) private readonly players: PlayerRepository) {}

  /** The player of a valid handshake `auth {playerId, token}`, or null (missing, malformed or wrong). */
  async restore(auth: unknown): Promise<Identity | null> {
    const parsed = handshakeAuthSchema.safeParse(auth);
    if (!parsed.success) return null;
    const { playerId, token } = parsed.data;
    const row = await this.players.find(playerId);
    return row && secretsEqual(row.tokenHash, hashToken(token)) ? { playerId, token, restored: true } : null;
  }

  /** A fresh identity, stored (hashed). Each costs a row: callers rate-limit it per address. */
  async create(): Promise<Identity> {
    const playerId = newPlayerId();
    const token = newToken();
    await this.players.create(playerId, hashToken(token), new Date().toISOString());
    return { playerId, token, restored: false };
  }
}
