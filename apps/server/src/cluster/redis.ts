/** The Redis connections of a node (REDIS_URL), made before the app starts. */
import { createClient } from 'redis';
import type { ServerConfig } from '../common/config.js';
import type { AppLogger } from '../common/logger.js';

/** How often an otherwise quiet connection says PING, so that silence means a dead link. */
export const REDIS_PING_MS = 2000;
/**
 * A connection that hears nothing for this long is dropped and made again. Without it, a link whose peer
 * vanished without a reset (a host lost, a proxy that accepts and never answers) waits for ever: node-redis
 * then neither fails the commands on it nor reconnects. Longer than two pings, so a live link never trips it.
 */
export const REDIS_SILENT_MS = 5000;

/** A client that reconnects for ever, backing off to 2 s: an outage degrades to reconnect + resync, never to a stop. */
const redisClient = (url: string) =>
  createClient({
    url,
    pingInterval: REDIS_PING_MS,
    socket: { socketTimeout: REDIS_SILENT_MS, reconnectStrategy: (n: number) => Math.min(50 * 2 ** n, 2000) },
  });

export type RedisClient = ReturnType<typeof redisClient>;

/** The connected Redis clients (null: one node, no Redis). */
export interface RedisClients {
  /** Publishes (the adapter's and the notices) and plain commands. */
  readonly pub: RedisClient;
  /** Subscribed: the adapter's channels and the notices. */
  readonly sub: RedisClient;
}

export const REDIS = Symbol('RedisClients');

/** Connects the clients before the app starts (the socket.io server is built with the adapter on them). */
export async function connectRedis(config: ServerConfig, logger: AppLogger): Promise<RedisClients | null> {
  if (!config.redisUrl) return null;
  const pub = redisClient(config.redisUrl);
  const sub = pub.duplicate();
  for (const [name, client] of [
    ['pub', pub],
    ['sub', sub],
  ] as const) {
    // One line when a connection is lost (not one per reconnect attempt), one when it is back.
    let down = false;
    client.on('error', (e: unknown) => {
      if (down) return;
      down = true;
      logger.error('redis-error', { client: name, error: String(e) });
    });
    client.on('ready', () => {
      if (down) logger.info('redis-ready', { client: name });
      down = false;
    });
  }
  await Promise.all([pub.connect(), sub.connect()]);
  return { pub, sub };
}
