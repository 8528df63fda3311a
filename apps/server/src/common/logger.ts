/** Structured logs: one JSON line per entry on stdout (one per lobby event: lobby, seq, kind, actor). */
import { Inject, Injectable, type LoggerService } from '@nestjs/common';
import { CONFIG, type ServerConfig } from './config.js';

export type LogFields = Record<string, string | number | boolean | null | undefined>;

@Injectable()
export class AppLogger {
  constructor(@Inject(CONFIG) private readonly config: ServerConfig) {}

  /** Writes one line `{time, level, msg, ...fields}`. */
  info(msg: string, fields: LogFields = {}): void {
    this.write('info', msg, fields);
  }

  /** Something an operator should know of that is not a bug (the database away), written even with LOG=off. */
  warn(msg: string, fields: LogFields = {}): void {
    this.write('warn', msg, fields);
  }

  error(msg: string, fields: LogFields = {}): void {
    this.write('error', msg, fields);
  }

  private write(level: string, msg: string, fields: LogFields): void {
    // LOG=off quiets the routine lines; warnings and errors are always written (what an operator alerts on).
    if (!this.config.log && level === 'info') return;
    process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })}\n`);
  }
}

/** Nest's own messages as the same one-line JSON (bootstrap, errors); silent when logs are off. */
export class JsonNestLogger implements LoggerService {
  constructor(private readonly enabled: boolean) {}

  log(message: unknown, context?: unknown): void {
    this.write('info', message, context);
  }
  error(message: unknown, ...rest: unknown[]): void {
    this.write('error', message, rest.at(-1), rest.length > 1 ? rest[0] : undefined);
  }
  warn(message: unknown, context?: unknown): void {
    this.write('warn', message, context);
  }

  private write(level: string, message: unknown, context?: unknown, stack?: unknown): void {
    // Nest's per-route and per-module bootstrap chatter is noise for an operator; keep warnings and errors.
    if (!this.enabled || (level === 'info' && context !== 'NestApplication')) return;
    const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg: String(message) };
    if (typeof context === 'string') line.context = context;
    if (stack) line.stack = String(stack);
    process.stdout.write(`${JSON.stringify(line)}\n`);
  }
}
