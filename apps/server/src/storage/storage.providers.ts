/**
 * Which database holds the log: PostgreSQL when `databaseUrl` is set, SQLite otherwise. The rest of the
 * server injects the abstract repositories and never learns which driver runs.
 */
import type { Provider } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { LobbyLogRepository } from './lobby-log.repository.js';
import { PlayerRepository } from './player.repository.js';
import { AppLogger } from '../common/logger.js';
import { RetentionRepository } from './retention.repository.js';
import { ModerationRepository } from './moderation.repository.js';
import { join } from 'node:path';
import { PostgresDatabase } from './postgres/database.js';
import { PostgresLobbyLogRepository } from './postgres/lobby-log.repository.js';
import { PostgresPlayerRepository } from './postgres/player.repository.js';
import { PostgresRetentionRepository } from './postgres/retention.repository.js';
import { PostgresModerationRepository } from './postgres/moderation.repository.js';
import { SqliteDatabase } from './sqlite/database.js';
import { SqliteLobbyLogRepository } from './sqlite/lobby-log.repository.js';
import { SqlitePlayerRepository } from './sqlite/player.repository.js';
import { SqliteRetentionRepository } from './sqlite/retention.repository.js';
import { SqliteModerationRepository } from './sqlite/moderation.repository.js';

/** The database and the four repositories of the configured driver. */
export function storageProviders(config: ServerConfig): Provider[] {
  const url = config.databaseUrl;
  if (url === null) {
    return [
      SqliteDatabase,
      { provide: LobbyLogRepository, useClass: SqliteLobbyLogRepository },
      { provide: PlayerRepository, useClass: SqlitePlayerRepository },
      { provide: RetentionRepository, useClass: SqliteRetentionRepository },
      { provide: ModerationRepository, useClass: SqliteModerationRepository },
    ];
  }
  return [
    {
      provide: PostgresDatabase,
      inject: [CONFIG, AppLogger],
      useFactory: (c: ServerConfig, logger: AppLogger) =>
        PostgresDatabase.open({
          url,
          poolSize: c.databasePoolSize,
          migrationsDir: join(c.migrationsDir, 'postgres'),
          onConnectionError: (error) => logger.error('database-connection-lost', { error: error.message }),
        }),
    },
    { provide: LobbyLogRepository, useClass: PostgresLobbyLogRepository },
    { provide: PlayerRepository, useClass: PostgresPlayerRepository },
    { provide: RetentionRepository, useClass: PostgresRetentionRepository },
    { provide: ModerationRepository, useClass: PostgresModerationRepository },
  ];
}
