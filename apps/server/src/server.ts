/** Builds the whole product on one port: HTTP API, socket.io gateway and (when built) the web app. */
import 'reflect-metadata';
import type { Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { AppModule } from './app.module.js';
import type { ServerConfig } from './common/config.js';
import { apiGate } from './http/api-gate.js';
import { adminJsonBody } from './http/admin-body.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { securityHeaders } from './http/security-headers.js';
import { webApp } from './http/web-app.js';
import { LimitsService } from './limits/limits.service.js';
import { LeanIoAdapter } from './gateway/lean-io.adapter.js';
import { AppLogger, JsonNestLogger } from './common/logger.js';
import { MetricsService } from './common/metrics.service.js';

export interface RunningServer {
  readonly app: NestExpressApplication;
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/**
 * Bounds on slow or stalled HTTP clients: the headers must arrive within `headersMs` and the whole
 * request within `requestMs`, and a connection with no traffic either way for `idleMs` (a client that
 * stopped sending, or stopped reading an answer) is cut. Websockets are not affected: `ws` clears the
 * socket's timeout when it takes the connection over.
 */
export const HTTP_TIMEOUTS = { headersMs: 10_000, requestMs: 30_000, idleMs: 30_000 } as const;

/** Applies `HTTP_TIMEOUTS` to `server` and counts its open connections for the metrics. */
function boundSlowClients(server: HttpServer, metrics: MetricsService): void {
  server.headersTimeout = HTTP_TIMEOUTS.headersMs;
  server.requestTimeout = HTTP_TIMEOUTS.requestMs;
  server.setTimeout(HTTP_TIMEOUTS.idleMs);
  let open = 0;
  server.on('connection', (socket) => {
    open += 1;
    socket.once('close', () => (open -= 1));
  });
  metrics.gauge('fb_http_sockets_open', 'TCP connections open to the HTTP server (websockets included).', () => open);
}

/** Creates and starts the server; `config.port` 0 picks a free port. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new JsonNestLogger(config.log),
    // Only the admin API takes a body, read by `adminJsonBody` with its own limit and error shape.
    bodyParser: false,
  });
  app.disable('x-powered-by');
  // First, so every answer carries the headers; then the API's rate and origin gate.
  app.use(securityHeaders());
  app.use(apiGate(config, app.get(LimitsService)));
  app.use(adminJsonBody());
  boundSlowClients(app.getHttpServer() as HttpServer, app.get(MetricsService));
  const logger = app.get(AppLogger);
  app.useGlobalFilters(new HttpExceptionFilter((msg, fields) => logger.error(msg, fields)));
  app.useWebSocketAdapter(new LeanIoAdapter(app));
  // The built app, precompressed, with the SPA fallback (OPERATIONS §12); the rest goes on to the API.
  if (config.webDist) app.use(webApp(config.webDist));
  if (config.host) await app.listen(config.port, config.host);
  else await app.listen(config.port);
  const port = (app.getHttpServer().address() as AddressInfo).port;
  return {
    app,
    port,
    url: `http://127.0.0.1:${port}`,
    close: () => app.close(),
  };
}
