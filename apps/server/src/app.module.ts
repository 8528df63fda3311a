/** The server's one module, built from a config so tests can boot it on a temp database and port. */
import { Module, type DynamicModule } from '@nestjs/common';
import { CONFIG, type ServerConfig } from './common/config.js';
import { AppLogger } from './common/logger.js';
import { MetricsService } from './common/metrics.service.js';
import { storageProviders } from './storage/storage.providers.js';
import { clusterProviders } from './cluster/cluster.providers.js';
import { FollowedLobbies, LobbyFollower } from './cluster/lobby-follower.js';
import { LimitsService } from './limits/limits.service.js';
import { IdentityService } from './lobby/core/identity.service.js';
import { LobbyCache } from './lobby/core/lobby-cache.js';
import { LobbyHub } from './lobby/core/lobby.hub.js';
import { LobbyStore } from './lobby/core/lobby.store.js';
import { WatcherRegistry } from './lobby/core/watchers.js';
import { ModerationService } from './lobby/moderation/moderation.service.js';
import { ReportsService } from './lobby/moderation/reports.service.js';
import { SanctionActions } from './lobby/moderation/sanction-actions.service.js';
import { SanctionsService } from './lobby/moderation/sanctions.service.js';
import { GameService } from './lobby/play/game.service.js';
import { LobbyBots } from './lobby/play/lobby-bots.service.js';
import { LobbyIdleSweep } from './lobby/play/lobby-idle.service.js';
import { LobbyService } from './lobby/play/lobby.service.js';
import { QuickMatchService } from './lobby/play/quick-match.service.js';
import { TurnClock } from './lobby/play/turn-clock.service.js';
import { PresenceService } from './lobby/spectate/presence.service.js';
import { ResyncService } from './lobby/spectate/resync.service.js';
import { WatchService } from './lobby/spectate/watch.service.js';
import { AdminReadService } from './read/admin-read.service.js';
import { GamesService } from './read/games.service.js';
import { LogVerifier } from './read/log-verify.service.js';
import { RetentionService } from './ops/retention.service.js';
import { ConnectionGuard } from './gateway/connection-guard.service.js';
import { Greeter } from './gateway/greeting.js';
import { LobbyGateway } from './gateway/lobby.gateway.js';
import { RequestHandlers } from './gateway/request-handlers.js';
import { LoopShare } from './gateway/loop-share.js';
import { RequestRunner } from './gateway/request-runner.js';
import { AdminModerationController } from './http/admin-moderation.controller.js';
import { AdminController } from './http/admin.controller.js';
import { AdminGuard } from './http/admin.guard.js';
import { GamesController } from './http/games.controller.js';
import { LogExport } from './http/log-export.js';
import { MetricsController } from './http/metrics.controller.js';
import { OpenLobbiesController } from './http/open-lobbies.controller.js';

@Module({})
export class AppModule {
  static forRoot(config: ServerConfig): DynamicModule {
    return {
      module: AppModule,
      controllers: [
        GamesController,
        OpenLobbiesController,
        AdminController,
        AdminModerationController,
        MetricsController,
      ],
      providers: [
        { provide: CONFIG, useValue: config },
        AppLogger,
        ...clusterProviders(),
        MetricsService,
        LimitsService,
        ConnectionGuard,
        ...storageProviders(config),
        IdentityService,
        WatcherRegistry,
        LobbyHub,
        SanctionsService,
        ModerationService,
        SanctionActions,
        ReportsService,
        LobbyCache,
        LobbyStore,
        // The follower (cluster floor) reaches the lobbies through the store.
        { provide: FollowedLobbies, useExisting: LobbyStore },
        LobbyFollower,
        LobbyBots,
        LobbyService,
        GameService,
        PresenceService,
        QuickMatchService,
        LobbyIdleSweep,
        TurnClock,
        ResyncService,
        WatchService,
        RequestHandlers,
        { provide: LoopShare, useFactory: () => new LoopShare() },
        RequestRunner,
        Greeter,
        LobbyGateway,
        GamesService,
        AdminReadService,
        LogVerifier,
        LogExport,
        AdminGuard,
        RetentionService,
      ],
    };
  }
}
