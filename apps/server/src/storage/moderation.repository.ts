/**
 * Moderation's storage (PROTOCOL §4.9, OPERATIONS §11): mutes and bans, players' reports and the admin audit
 * log. One interface, two drivers (storage/sqlite, storage/postgres). The audit log is only ever inserted into.
 */
import type { AuditEntry, Report, Sanction } from '@four-banners/protocol';

/** An audit entry before it is stored. */
export type AuditInput = Omit<AuditEntry, 'id'>;

/** A sanction before it is stored. */
export type SanctionInput = Omit<Sanction, 'id' | 'liftedAt' | 'liftedBy'>;

/** A report before it is stored. */
export type ReportInput = Omit<Report, 'id' | 'resolvedAt' | 'resolvedBy' | 'resolution'>;

/** An audit entry of `admin`'s `action` on `target` at `at`. */
export function auditInput(
  admin: string,
  action: string,
  target: string,
  reason: string,
  at: string,
  detail: Record<string, unknown>,
): AuditInput {
  return { at, admin, action, target, reason, detail };
}

/** An audit entry as both drivers store it (`detail` as JSON text). */
export function auditRow(entry: AuditInput) {
  const { detail, ...rest } = entry;
  return { ...rest, detail: JSON.stringify(detail) };
}

/** A sanction as both drivers store it (the target split into its kind and value). */
export function sanctionRow(sanction: SanctionInput) {
  const { target, by, ...rest } = sanction;
  const [targetKind, value] =
    'identity' in target ? (['identity', target.identity] as const) : (['address', target.address] as const);
  return { ...rest, targetKind, target: value, createdBy: by };
}

/** The columns of a stored sanction, as both drivers read them. */
interface SanctionColumns {
  readonly id: number;
  readonly kind: 'mute' | 'ban';
  readonly targetKind: 'identity' | 'address';
  readonly target: string;
  readonly lobbyId: string | null;
  readonly reason: string;
  readonly createdBy: string;
  readonly createdAt: string;
  readonly expiresAt: string | null;
  readonly liftedAt: string | null;
  readonly liftedBy: string | null;
}

export function sanctionOf(row: SanctionColumns): Sanction {
  const { targetKind, target, createdBy, ...rest } = row;
  return {
    ...rest,
    target: targetKind === 'identity' ? { identity: target } : { address: target },
    by: createdBy,
  };
}

export function auditOf(row: Omit<AuditEntry, 'detail'> & { detail: string }): AuditEntry {
  return { ...row, detail: JSON.parse(row.detail) as Record<string, unknown> };
}

export abstract class ModerationRepository {
  /** Stores the sanction and its audit entry in one transaction. */
  abstract addSanction(sanction: SanctionInput, audit: AuditInput): Promise<{ sanctionId: number; auditId: number }>;

  /** Lifts a sanction not lifted yet, with its audit entry, in one transaction (undefined: no such sanction in force). */
  abstract liftSanction(
    id: number,
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number; sanction: Sanction } | undefined>;

  /** Sanctions neither lifted nor expired at `now` (ISO 8601): what every node loads and enforces. */
  abstract activeSanctions(now: string): Promise<Sanction[]>;

  /** Sanctions newest first; `active` only those in force at `now`. */
  abstract listSanctions(opts: { active: boolean; now: string; limit: number; offset: number }): Promise<Sanction[]>;

  abstract addReport(report: ReportInput): Promise<number>;

  /** The open report of `reporterId` about `targetId` in `lobbyId`, if there is one (duplicates collapse into it). */
  abstract findOpenReport(reporterId: string, targetId: string, lobbyId: string): Promise<number | undefined>;

  /** Reports newest first: `open` (unresolved) or resolved; optionally of one lobby. */
  abstract listReports(opts: { open: boolean; lobbyId?: string; limit: number; offset: number }): Promise<Report[]>;

  /** Unresolved reports per lobby, for the lobbies given (absent: 0). */
  abstract openReportCounts(lobbyIds: readonly string[]): Promise<Map<string, number>>;

  abstract countOpenReports(): Promise<number>;

  /** Resolves an open report with its audit entry in one transaction (undefined: no such open report). */
  abstract resolveReport(
    id: number,
    resolution: 'actioned' | 'dismissed',
    by: string,
    at: string,
    audit: AuditInput,
  ): Promise<{ auditId: number } | undefined>;

  /** Appends one audit entry (for actions with no other write of their own). */
  abstract audit(entry: AuditInput): Promise<number>;

  /** The audit log newest first, optionally one admin's. */
  abstract listAudit(opts: { admin?: string; limit: number; offset: number }): Promise<AuditEntry[]>;
}
