/**
 * `GET /api/metrics`: the Prometheus exposition text. Open when METRICS_TOKEN is unset; otherwise it
 * needs `Authorization: Bearer <METRICS_TOKEN>` (401 without it). Rate-limited like every `/api` route.
 */
import { Controller, Get, Headers, HttpStatus, Inject, Res } from '@nestjs/common';
import type { Response } from 'express';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { secretsEqual } from '../common/ids.js';
import { MetricsService } from '../common/metrics.service.js';
import { httpError } from '../common/http-errors.js';

@Controller('api')
export class MetricsController {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(MetricsService) private readonly metrics: MetricsService,
  ) {}

  @Get('metrics')
  async render(
    @Headers('authorization') authorization: string | undefined,
    @Res({ passthrough: true }) res: Response,
  ): Promise<string> {
    const expected = this.config.metricsToken;
    if (expected !== null) {
      const match = /^Bearer (.+)$/i.exec(authorization ?? '');
      // Compared in constant time whatever the outcome, so timing says nothing about the token.
      if (!match || !secretsEqual(match[1]!, expected)) {
        throw httpError(
          HttpStatus.UNAUTHORIZED,
          'unauthorized',
          'A valid "Authorization: Bearer <METRICS_TOKEN>" header is required.',
        );
      }
    }
    const { contentType, body } = await this.metrics.render();
    res.setHeader('Content-Type', contentType);
    res.setHeader('Cache-Control', 'no-store');
    return body;
  }
}
