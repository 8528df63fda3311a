/** Builds the whole product on one port: HTTP API, socket.io gateway and (when built) the web app. */
import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';
import { AppModule } from './app.module.js';
import type { ServerConfig } from './config.js';
import { HttpExceptionFilter } from './http/http-exception.filter.js';
import { LeanIoAdapter } from './lobby/lean-io.adapter.js';
import { JsonNestLogger } from './logger.js';

export interface RunningServer {
  readonly app: NestExpressApplication;
  readonly port: number;
  readonly url: string;
  close(): Promise<void>;
}

/** Serves the built web app with an SPA fallback: unknown non-API GETs that want HTML get index.html. */
function serveWebApp(app: NestExpressApplication, dir: string): void {
  const index = join(dir, 'index.html');
  app.useStaticAssets(dir, {
    index: 'index.html',
    fallthrough: true,
    // Vite's hashed bundles never change; everything else (index.html, sw.js, the manifest) is revalidated
    // so a new version reaches players and the offline worker notices it.
    setHeaders: (res: Response, path: string) => {
      res.setHeader('Cache-Control', /[/\\]assets[/\\]/.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
    },
  });
  app.use((req: Request, res: Response, next: NextFunction) => {
    const api = req.path === '/api' || req.path.startsWith('/api/');
    if (req.method !== 'GET' || api || !existsSync(index) || !req.accepts('html')) return next();
    res.sendFile(index);
  });
}

/** Creates and starts the server; `config.port` 0 picks a free port. */
export async function startServer(config: ServerConfig): Promise<RunningServer> {
  const app = await NestFactory.create<NestExpressApplication>(AppModule.forRoot(config), {
    logger: new JsonNestLogger(config.log),
  });
  app.disable('x-powered-by');
  app.useGlobalFilters(new HttpExceptionFilter());
  app.useWebSocketAdapter(new LeanIoAdapter(app));
  if (config.webDist) serveWebApp(app, config.webDist);
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
