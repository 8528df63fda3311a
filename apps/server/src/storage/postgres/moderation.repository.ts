/** Moderation's storage in PostgreSQL (PROTOCOL §4.9): the same tables and behaviour as the SQLite driver. */
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
import { PostgresDatabase, type PgDb } from './database.js';
import { adminAudit, reports, sanctions } from './schema.js';

/** A sanction in force at `now`: not lifted, and without an end or ending later. */
const inForce = (now: string) =>
  and(isNull(sanctions.liftedAt), or(isNull(sanctions.expiresAt), gt(sanctions.expiresAt, now)));

type Tx = Parameters<Parameters<PgDb['transaction']>[0]>[0];

@Injectable()
export class PostgresModerationRepository extends ModerationRepository {
  constructor(@Inject(PostgresDatabase) private readonly database: PostgresDatabase) {
    super();
  }

  private async insertAudit(db: PgDb | Tx, entry: AuditInput): Promise<number> {
    const [row] = await db.insert(adminAudit).values(auditRow(entry)).returning({ id: adminAudit.id });
    return row?.id ?? 0;
  }

  async addSanction(sanction: SanctionInput, audit: AuditInput): Promise<{ sanctionId: number; auditId: number }> {
    return this.database.transaction(async (tx) => {
      const [row] = await tx.insert(sanctions).values(sanctionRow(sanction)).returning({ id: sanctions.id });
      const sanctionId = row?.id ?? 0;
      const auditId = await this.insertAudit(tx, { ...audit, detail: { ...audit.detail, sanctionId } });
      return { sanctionId, auditId };
    });
  }

  async liftSanction(
    id: number,
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number; sanction: Sanction } | undefined> {
    return this.database.transaction(async (tx) => {
      const [row] = await tx
        .update(sanctions)
        .set({ liftedAt: at, liftedBy: by })
        .where(and(eq(sanctions.id, id), inForce(at)))
        .returning();
      if (row === undefined) return undefined;
      return { auditId: await this.insertAudit(tx, audit), sanction: sanctionOf(row) };
    });
  }

  async activeSanctions(now: string): Promise<Sanction[]> {
    const rows = await this.database.db.select().from(sanctions).where(inForce(now));
    return rows.map(sanctionOf);
  }

  async listSanctions(opts: { active: boolean; now: string; limit: number; offset: number }): Promise<Sanction[]> {
    const rows = await this.database.db
      .select()
      .from(sanctions)
      .where(opts.active ? inForce(opts.now) : undefined)
      .orderBy(desc(sanctions.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return rows.map(sanctionOf);
  }

  async addReport(report: ReportInput): Promise<number> {
    const [row] = await this.database.db.insert(reports).values(report).returning({ id: reports.id });
    return row?.id ?? 0;
  }

  async findOpenReport(reporterId: string, targetId: string, lobbyId: string): Promise<number | undefined> {
    const [row] = await this.database.db
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
      .limit(1);
    return row?.id;
  }

  async listReports(opts: { open: boolean; lobbyId?: string; limit: number; offset: number }): Promise<Report[]> {
    const rows = await this.database.db
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
      .offset(opts.offset);
    return rows;
  }

  async openReportCounts(lobbyIds: readonly string[]): Promise<Map<string, number>> {
    if (lobbyIds.length === 0) return new Map();
    const rows = await this.database.db
      .select({ lobbyId: reports.lobbyId, n: count() })
      .from(reports)
      .where(and(isNull(reports.resolvedAt), inArray(reports.lobbyId, [...lobbyIds])))
      .groupBy(reports.lobbyId);
    return new Map(rows.map((r) => [r.lobbyId, r.n]));
  }

  async countOpenReports(): Promise<number> {
    const [row] = await this.database.db.select({ n: count() }).from(reports).where(isNull(reports.resolvedAt));
    return row?.n ?? 0;
  }

  async resolveReport(
    id: number,
    resolution: 'actioned' | 'dismissed',
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number } | undefined> {
    return this.database.transaction(async (tx) => {
      const [row] = await tx
        .update(reports)
        .set({ resolvedAt: at, resolvedBy: by, resolution })
        .where(and(eq(reports.id, id), isNull(reports.resolvedAt)))
        .returning({ id: reports.id });
      if (row === undefined) return undefined;
      return { auditId: await this.insertAudit(tx, audit) };
    });
  }

  async audit(entry: AuditInput): Promise<number> {
    return this.insertAudit(this.database.db, entry);
  }

  async listAudit(opts: { admin?: string; limit: number; offset: number }): Promise<AuditEntry[]> {
    const rows = await this.database.db
      .select()
      .from(adminAudit)
      .where(opts.admin === undefined ? undefined : eq(adminAudit.admin, opts.admin))
      .orderBy(desc(adminAudit.id))
      .limit(opts.limit)
      .offset(opts.offset);
    return rows.map(auditOf);
  }
}
