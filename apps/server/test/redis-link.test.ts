/**
 * A node's Redis connections find a dead link by themselves (ARCHITECTURE §5.10, OPERATIONS §10): a peer
 * that vanished without a reset, or a proxy that accepts and never answers, is dropped after
 * REDIS_SILENT_MS of silence and made again, instead of leaving commands and subscriptions waiting for ever.
 * A real redis-server behind a TCP proxy that can black-hole the link.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDIS_SILENT_MS, connectRedis, type RedisClients } from '../src/cluster/redis.js';
import { configFromEnv } from '../src/common/config.js';
import { AppLogger } from '../src/common/logger.js';
import { startRedis, type RedisServer } from './fixtures/redis-server.js';
import { startTcpProxy, type TcpProxy } from './fixtures/tcp-proxy.js';

const CHANNEL = 'fb-test-link';

let redis: RedisServer;
let proxy: TcpProxy;
let clients: RedisClients;
const heard: string[] = [];
const errors: string[] = [];

/** Resolves once `check` holds, polling; fails after `ms`. */
async function until(check: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Settles with how the promise ended and after how long (ms). */
async function outcome(promise: Promise<unknown>): Promise<{ ok: boolean; ms: number }> {
  const started = Date.now();
  const ok = await promise.then(
    () => true,
    () => false,
  );
  return { ok, ms: Date.now() - started };
}

beforeAll(async () => {
  redis = await startRedis();
  proxy = await startTcpProxy(redis.url.replace('redis://', ''));
  const config = configFromEnv({ REDIS_URL: `redis://${proxy.address}`, LOG: 'off' });
  const logger = new AppLogger(config);
  const logged = logger.error.bind(logger);
  logger.error = (msg, fields) => {
    errors.push(`${msg} ${JSON.stringify(fields)}`);
    logged(msg, fields);
  };
  const connected = await connectRedis(config, logger);
  if (connected === null) throw new Error('no Redis clients');
  clients = connected;
  await clients.sub.subscribe(CHANNEL, (message) => heard.push(message));
});

afterAll(async () => {
  for (const client of [clients?.pub, clients?.sub]) if (client?.isOpen) client.destroy();
  await proxy?.close();
  redis?.stop();
});

describe('Redis links that go silent (issue 41)', () => {
  it('a link black-holed with no reset: a command on it fails within the silence bound, and after the heal both connections are made again and carry messages, with nothing restarted by hand', async () => {
    await clients.pub.publish(CHANNEL, 'before');
    await until(() => heard.includes('before'), 5000, 'the first message');
    const pipedBefore = proxy.piped;

    proxy.cut('blackhole');
    // Nothing answers and nothing resets: only the client's own silence bound can end this command.
    const during = await outcome(clients.pub.ping());
    expect(during.ok).toBe(false);
    expect(during.ms).toBeLessThan(REDIS_SILENT_MS + 3000);
    await until(() => !clients.sub.isReady, REDIS_SILENT_MS + 3000, 'the subscriber to notice the dead link');
    expect(errors.some((line) => line.startsWith('redis-error'))).toBe(true);

    proxy.heal();
    // The black-holed connections never pass a byte again: only new connections bring the clients back.
    await until(() => clients.pub.isReady && clients.sub.isReady, REDIS_SILENT_MS + 5000, 'both clients ready');
    expect(proxy.piped).toBeGreaterThanOrEqual(pipedBefore + 2);
    await until(
      async () => {
        await clients.pub.publish(CHANNEL, 'after');
        return heard.includes('after');
      },
      5000,
      'a message through the resubscribed connection',
    );
  });

  it('a quiet, live link is kept: pings keep it from looking silent (no reconnect in twice the silence bound)', async () => {
    const pipedBefore = proxy.piped;
    await new Promise((r) => setTimeout(r, 2 * REDIS_SILENT_MS));
    expect(proxy.piped).toBe(pipedBefore);
    expect(clients.pub.isReady && clients.sub.isReady).toBe(true);
  });
});
