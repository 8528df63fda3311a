/**
 * A lobby's whole log as NDJSON (PROTOCOL §8.3, §8.4): one PROTOCOL §7.1 record per line, written page by page as
 * the client takes it, so a long log never sits in memory. The admin export keeps the chat (removed messages
 * blank, PROTOCOL §4.9); the public one, of started games only, blanks every chat text as public pages do.
 * A streamed answer has no length for the HTTP rate to read afterwards, so it is charged here by its size.
 */
import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import type { Request, Response } from 'express';
import { clientAddress } from '../common/client-address.js';
import { CONFIG, type ServerConfig } from '../common/config.js';
import { LimitsService } from '../limits/limits.service.js';
import { LobbyLogRepository, isStarted, type StoredEvent } from '../storage/lobby-log.repository.js';
import { HTTP_TOKEN_BYTES } from './api-gate.js';
import { httpError } from '../common/http-errors.js';

/** Events read per page of the export. */
const EXPORT_PAGE_EVENTS = 500;

/** One PROTOCOL §7.1 record as a line; `blank` says whether a chat message's text is left out. */
function recordLine(e: StoredEvent, blank: boolean): string {
  const payload = blank ? JSON.stringify({ ...JSON.parse(e.payload), msg: '' }) : e.payload;
  return `{"seq":${e.seq},"kind":${JSON.stringify(e.kind)},"actor":${JSON.stringify(e.actor)},"payload":${payload},"seed":${e.seed === null ? 'null' : e.seed},"at":${JSON.stringify(e.at)}}\n`;
}

/** Waits until the response takes more (false: the client went away). */
function drained(res: Response): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (ok: boolean) => {
      res.off('drain', onDrain);
      res.off('close', onClose);
      resolve(ok);
    };
    const onDrain = () => done(true);
    const onClose = () => done(false);
    res.once('drain', onDrain);
    res.once('close', onClose);
  });
}

@Injectable()
export class LogExport {
  constructor(
    @Inject(CONFIG) private readonly config: ServerConfig,
    @Inject(LobbyLogRepository) private readonly log: LobbyLogRepository,
    @Inject(LimitsService) private readonly limits: LimitsService,
  ) {}

  /**
   * Streams the lobby's log to `res`. `publicOnly`: 404 unless the game started, and every chat text blank.
   * Throws (before anything is written) when there is no such lobby.
   */
  async stream(req: Request, res: Response, lobbyId: string, publicOnly: boolean): Promise<void> {
    const row = await this.log.getLobby(lobbyId);
    if (!row || (publicOnly && !isStarted(row)))
      throw httpError(
        HttpStatus.NOT_FOUND,
        'not_found',
        `There is no ${publicOnly ? 'started game' : 'lobby'} ${lobbyId}.`,
      );
    const removed = publicOnly ? new Set<number>() : new Set(await this.log.removedChat(lobbyId));
    res.status(200);
    res.setHeader('Content-Type', 'application/x-ndjson; charset=utf-8');
    res.setHeader('Content-Disposition', `attachment; filename="${lobbyId}.ndjson"`);
    let bytes = 0;
    let from = 1;
    while (from <= row.lastSeq && !res.destroyed) {
      const page = await this.log.readStoredPage(
        lobbyId,
        from,
        row.lastSeq,
        EXPORT_PAGE_EVENTS,
        this.config.bytes.eventsPage,
      );
      if (page.length === 0) break;
      const text = page.map((e) => recordLine(e, e.kind === 'chat' && (publicOnly || removed.has(e.seq)))).join('');
      bytes += Buffer.byteLength(text);
      from = page.at(-1)!.seq + 1;
      if (!res.write(text) && !(await drained(res))) break;
    }
    res.end();
    this.charge(req, bytes);
  }

  /** What the HTTP rate charges a big answer: one more token per 64 KiB past the first (as `apiGate` does). */
  private charge(req: Request, bytes: number): void {
    if (bytes <= HTTP_TOKEN_BYTES) return;
    const address = clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      this.config.trustProxy,
      this.config.trustedProxies,
    );
    this.limits.chargeAddress('http', address, Math.ceil(bytes / HTTP_TOKEN_BYTES) - 1);
  }
}
