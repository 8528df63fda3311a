/** The server's version, from apps/server/package.json (read once; works from src/ and dist/). */
import { readFileSync } from 'node:fs';

export const SERVER_VERSION: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;
