/** `node apps/server/dist/main.js`: the server with settings from the environment (README lists them). */
import { configFromEnv } from './common/config.js';
import { startServer } from './server.js';

const config = configFromEnv();
const server = await startServer(config);
// Lifecycle lines are always written (LOG=off silences only the per-event and framework lines).
const log = (msg: string, fields: Record<string, unknown> = {}) => {
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg, ...fields })}\n`);
};
log('listening', {
  port: server.port,
  database: config.databasePath,
  web: config.webDist,
  admins: config.adminTokens.map((t) => t.name),
});

// Clean shutdown: stop accepting, answer the requests already taken, close sockets and the database (every
// ack was already committed). Bounded whatever the database and Redis are doing (OPERATIONS §6): requests
// drain for at most 10 s, and a node still not closed `SHUTDOWN_LIMIT_MS` after the signal exits anyway,
// with nothing acked lost (acks follow commits). A second signal exits at once.
const SHUTDOWN_LIMIT_MS = 13_000;
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) {
      log('shutdown-forced', { signal, why: 'second signal' });
      process.exit(1);
    }
    stopping = true;
    log('shutdown', { signal });
    setTimeout(() => {
      log('shutdown-forced', { signal, why: `not closed within ${SHUTDOWN_LIMIT_MS} ms` });
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`${String(e)}\n`);
        process.exit(1);
      },
    );
  });
}
