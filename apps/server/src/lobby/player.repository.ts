/** Player identities (DESIGN.md §4 `players`): id, hashed token, name, the open lobby they sit in. */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { DatabaseService } from '../db/database.js';
import { players } from '../db/schema.js';

export type PlayerRow = typeof players.$inferSelect;

@Injectable()
export class PlayerRepository {
  private readonly setLobbyStatement;
  private readonly findStatement;

  constructor(@Inject(DatabaseService) private readonly database: DatabaseService) {
    // Every connection looks its player up: prepared once.
    this.findStatement = database.db
      .select()
      .from(players)
      .where(eq(players.id, sql.placeholder('id')))
      .prepare();
    this.setLobbyStatement = database.db
      .update(players)
      .set({ lobbyId: sql`${sql.placeholder('lobbyId')}` })
      .where(eq(players.id, sql.placeholder('id')))
      .prepare();
  }

  create(id: string, tokenHash: string, createdAt: string): void {
    this.database.db.insert(players).values({ id, tokenHash, createdAt }).run();
  }

  find(id: string): PlayerRow | undefined {
    return this.findStatement.get({ id });
  }

  /** Seats the player in `lobbyId` (null: in no lobby). */
  setLobby(id: string, lobbyId: string | null): void {
    this.setLobbyStatement.run({ id, lobbyId });
  }

  setName(id: string, name: string): void {
    this.database.db.update(players).set({ name }).where(eq(players.id, id)).run();
  }
}
