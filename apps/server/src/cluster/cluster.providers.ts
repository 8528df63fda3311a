/**
 * The one place that picks how this node reaches the others: with REDIS_URL the Redis bus (and its node
 * registry), else the local bus. Everything else injects `ClusterBus` and never asks which it got.
 */
import type { Provider } from '@nestjs/common';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { AppLogger } from '../common/logger.js';
import { ClusterBus } from './cluster-bus.js';
import { LocalBus } from './local-bus.js';
import { NodeRegistry } from './node-registry.js';
import { REDIS, connectRedis, type RedisClients } from './redis.js';
import { RedisBus } from './redis-bus.js';
import { SharedBuckets } from './shared-buckets.js';

/** The bus, the Redis connections it runs on (if any) and the rate buckets shared across nodes. */
export function clusterProviders(): Provider[] {
  return [
    { provide: REDIS, inject: [CONFIG, AppLogger], useFactory: connectRedis },
    {
      provide: ClusterBus,
      inject: [CONFIG, AppLogger, REDIS],
      useFactory: (config: ServerConfig, logger: AppLogger, redis: RedisClients | null): ClusterBus =>
        redis ? new RedisBus(config, logger, redis) : new LocalBus(),
    },
    // The Redis bus's registry, for tests that play a node cut off (null with the local bus).
    {
      provide: NodeRegistry,
      inject: [ClusterBus],
      useFactory: (bus: ClusterBus) => (bus instanceof RedisBus ? bus.registry : null),
    },
    SharedBuckets,
  ];
}
