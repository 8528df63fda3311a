/** Player identities in PostgreSQL (seats and names are written by the log's commits, in their transaction). */
import { Inject, Injectable } from '@nestjs/common';
import { eq, sql } from 'drizzle-orm';
import { PlayerRepository, type PlayerRow } from '../player.repository.js';
import { PostgresDatabase } from './database.js';
import { players } from './schema.js';

@Injectable()
export class PostgresPlayerRepository extends PlayerRepository {
  private readonly findStatement;

  constructor(@Inject(PostgresDatabase) private readonly database: PostgresDatabase) {
    super();
    // Every connection looks its player up: a named statement, planned once per pooled connection.
    this.findStatement = database.db
      .select()
      .from(players)
      .where(eq(players.id, sql.placeholder('id')))
      .prepare('find_player');
  }

  async create(id: string, tokenHash: string, createdAt: string): Promise<void> {
    await this.database.db.insert(players).values({ id, tokenHash, createdAt });
  }

  async find(id: string): Promise<PlayerRow | undefined> {
    const [row] = await this.findStatement.execute({ id });
    return row;
  }
}
