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

// Clean shutdown: stop accepting, close sockets and the database (every ack was already committed).
let stopping = false;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    log('shutdown', { signal });
    server.close().then(
      () => process.exit(0),
      (e: unknown) => {
        process.stderr.write(`${String(e)}\n`);
        process.exit(1);
      },
    );
  });
}
