/** A Lua script run by its SHA1 (EVALSHA), sent whole only when Redis does not know it yet (after a restart). */
import { createHash } from 'node:crypto';
import type { RedisClient } from './redis.js';

export class RedisScript {
  private readonly sha: string;

  constructor(private readonly source: string) {
    this.sha = createHash('sha1').update(source).digest('hex');
  }

  async run(client: RedisClient, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const options = { keys: [...keys], arguments: [...args] };
    try {
      return await client.evalSha(this.sha, options);
    } catch (e) {
      if (!(e instanceof Error) || !e.message.startsWith('NOSCRIPT')) throw e;
      return client.eval(this.source, options);
    }
  }
}
