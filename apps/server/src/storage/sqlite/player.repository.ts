/** Player identities in SQLite (seats and names are written by the log's commits, in their transaction). */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { PlayerRepository, type PlayerRow } from '../player.repository.js';
import { SqliteDatabase } from './database.js';
import { players } from './schema.js';

@Injectable()
export class SqlitePlayerRepository extends PlayerRepository {
  private readonly findStatement;

  constructor(@Inject(SqliteDatabase) private readonly database: SqliteDatabase) {
    super();
    // Every connection looks its player up: prepared once.
    this.findStatement = database.db
      .select()
      .from(players)
      .where(eq(players.id, sql.placeholder('id')))
      .prepare();
  }

  async create(id: string, tokenHash: string, createdAt: string): Promise<void> {
    this.database.db.insert(players).values({ id, tokenHash, createdAt }).run();
  }

  async find(id: string): Promise<PlayerRow | undefined> {
    return this.findStatement.get({ id });
  }
}
