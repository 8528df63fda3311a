/** Who is on the other end of a socket (DESIGN.md §5 Identity, §5.1 Greeting). */
import { Inject, Injectable } from '@nestjs/common';
import { hashToken, newPlayerId, newToken, secretsEqual } from './ids.js';
import { PlayerRepository } from './player.repository.js';

export interface Identity {
  readonly playerId: string;
  readonly token: string;
  /** False when a fresh identity was made. */
  readonly restored: boolean;
}

@Injectable()
export class IdentityService {
  constructor(@Inject(PlayerRepository) private readonly players: PlayerRepository) {}

  /** The player of a valid handshake `auth {playerId, token}`; a fresh identity for anything else. */
  resolve(auth: unknown): Identity {
    if (typeof auth === 'object' && auth !== null) {
      const { playerId, token } = auth as Record<string, unknown>;
      if (typeof playerId === 'string' && typeof token === 'string' && playerId.length <= 64 && token.length <= 256) {
        const row = this.players.find(playerId);
        if (row && secretsEqual(row.tokenHash, hashToken(token))) return { playerId, token, restored: true };
      }
    }
    const playerId = newPlayerId();
    const token = newToken();
    this.players.create(playerId, hashToken(token), new Date().toISOString());
    return { playerId, token, restored: false };
  }
}
