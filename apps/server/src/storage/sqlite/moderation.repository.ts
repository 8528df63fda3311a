/** Moderation's storage in SQLite (PROTOCOL §4.9): sanctions, reports and the insert-only audit log. */
import { Inject, Injectable } from '@nestjs/common';
import type { AuditEntry, Report, Sanction } from '@four-banners/protocol';
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, or } from 'drizzle-orm';
import {
  type AuditInput,
  ModerationRepository,
  type ReportInput,
  type SanctionInput,
  auditOf,
  auditRow,
  sanctionOf,
  sanctionRow,
} from '../moderation.repository.js';
import { SqliteDatabase } from './database.js';
import { adminAudit, reports, sanctions } from './schema.js';

/** A sanction in force at `now`: not lifted, and without an end or ending later. */
const inForce = (now: string) =>
  and(isNull(sanctions.liftedAt), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)));

@Injectable()
export class SqliteModerationRepository extends ModerationRepository {
  constructor(@Inject(SqliteDatabase) private readonly database: SqliteDatabase) {
    super();
  }

  private insertAudit(entry: AuditInput): number {
    return this.database.db.insert(adminAudit).values(auditRow(entry)).returning({ id: adminAudit.id }).get().id;
  }

  async addSanction(sanction: SanctionInput, audit: AuditInput): Promise<{ sanctionId: number; auditId: number }> {
    return this.database.transaction(() => {
      const sanctionId = this.database.db
        .insert(sanctions)
        .values(sanctionRow(sanction))
        .returning({ id: sanctions.id })
        .get().id;
      const auditId = this.insertAudit({ ...audit, detail: { ...audit.detail, sanctionId } });
      return { sanctionId, auditId };
    });
  }

  async liftSanction(
    id: number,
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number; sanction: Sanction } | undefined> {
    return this.database.transaction(() => {
      const row = this.database.db
        .update(sanctions)
        .set({ liftedAt: at, liftedBy: by })
        .where(and(eq(sanctions.id, id), inForce(at)))
        .returning()
        .get();
      if (row === undefined) return undefined;
      return { auditId: this.insertAudit(audit), sanction: sanctionOf(row) };
    });
  }

  async activeSanctions(now: string): Promise<Sanction[]> {
    return this.database.db.select().from(sanctions).where(inForce(now)).all().map(sanctionOf);
  }

  async listSanctions(opts: { active: boolean; now: string; limit: number; offset: number }): Promise<Sanction[]> {
    return this.database.db
      .select()
      .from(sanctions)
      .where(opts.active ? inForce(opts.now) : undefined)
      .orderBy(desc(sanctions.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all()
      .map(sanctionOf);
  }

  async addReport(report: ReportInput): Promise<number> {
    return this.database.db.insert(reports).values(report).returning({ id: reports.id }).get().id;
  }

  async findOpenReport(reporterId: string, targetId: string, lobbyId: string): Promise<number | undefined> {
    return this.database.db
      .select({ id: reports.id })
      .from(reports)
      .where(
        and(
          eq(reports.reporterId, reporterId),
          eq(reports.targetId, targetId),
          eq(reports.lobbyId, lobbyId),
          isNull(reports.resolvedAt),
        ),
      )
      .limit(1)
      .get()?.id;
  }

  async listReports(opts: { open: boolean; lobbyId?: string; limit: number; offset: number }): Promise<Report[]> {
    return this.database.db
      .select()
      .from(reports)
      .where(
        and(
          opts.open ? isNull(reports.resolvedAt) : isNotNull(reports.resolvedAt),
          opts.lobbyId === undefined ? undefined : eq(reports.lobbyId, opts.lobbyId),
        ),
      )
      .orderBy(desc(reports.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all();
  }

  async openReportCounts(lobbyIds: readonly string[]): Promise<Map<string, number>> {
    if (lobbyIds.length === 0) return new Map();
    const rows = this.database.db
      .select({ lobbyId: reports.lobbyId, n: count() })
      .from(reports)
      .where(and(isNull(reports.resolvedAt), inArray(reports.lobbyId, [...lobbyIds])))
      .groupBy(reports.lobbyId)
      .all();
    return new Map(rows.map((r) => [r.lobbyId, r.n]));
  }

  async countOpenReports(): Promise<number> {
    return this.database.db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt)).get()?.n ?? 0;
  }

  async resolveReport(
    id: number,
    resolution: 'actioned' | 'dismissed',
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number } | undefined> {
    return this.database.transaction(() => {
      const row = this.database.db
        .update(reports)
        .set({ resolvedAt: at, resolvedBy: by, resolution })
        .where(and(eq(reports.id, id), isNull(reports.resolvedAt)))
        .returning({ id: reports.id })
        .get();
      if (row === undefined) return undefined;
      return { auditId: this.insertAudit(audit) };
    });
  }

  async audit(entry: AuditInput): Promise<number> {
    return this.insertAudit(entry);
  }

  async listAudit(opts: { admin?: string; limit: number; offset: number }): Promise<AuditEntry[]> {
    return this.database.db
      .select()
      .from(adminAudit)
      .where(opts.admin === undefined ? undefined : eq(adminAudit.admin, opts.admin))
      .orderBy(desc(adminAudit.id))
      .limit(opts.limit)
      .offset(opts.offset)
      .all()
      .map(auditOf);
  }
}
