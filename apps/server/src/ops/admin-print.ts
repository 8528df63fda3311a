/**
 * How the admin command line prints what the admin API answers (OPERATIONS §11.3): aligned tables, one lobby
 * in a few lines, log events in words. `--json` skips all of this and prints the answer as it came.
 */
import { COUNTRY_NAMES, type LobbyEvent } from '@four-banners/engine';
import type {
  AdminLobbyDetail,
  AdminLobbySummary,
  AdminOverview,
  AuditEntry,
  Report,
  Sanction,
  VerifyReport,
} from '@four-banners/protocol';

/** Rows under a header, each column as wide as its widest cell. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

const country = (c: number) => COUNTRY_NAMES[c] ?? `country ${c}`;
/** An ISO time to the second, or '-'. */
const time = (iso: string | null) => (iso ? iso.slice(0, 19).replace('T', ' ') : '-');
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export function overviewText(o: AdminOverview): string {
  return [
    `waiting lobbies  ${o.waitingLobbies}`,
    `running games    ${o.runningGames}`,
    `people online    ${o.peopleOnline}`,
    `reports waiting  ${o.reportsWaiting}`,
    `active bans      ${o.activeBans}`,
    `you are          ${o.admin.name}${o.admin.canModerate ? '' : ' (read-only)'}`,
  ].join('\n');
}

export function lobbiesText(lobbies: readonly AdminLobbySummary[]): string {
  return table(
    ['ID', 'STATUS', 'CREATED', 'UPDATED', 'SEQ', 'REPORTS', 'SEATS'],
    lobbies.map((l) => [
      l.id,
      l.adminStatus,
      time(l.createdAt),
      time(l.updatedAt),
      String(l.lastSeq),
      String(l.openReports),
      clip(l.players.map((p) => p.name).join(', '), 60),
    ]),
  );
}

export function detailText(d: AdminLobbyDetail): string {
  const l = d.lobby;
  const s = d.settings;
  const head = [
    `${l.id}  ${l.adminStatus}  seq ${l.lastSeq}  ${d.w}×${d.h}  watchers ${d.watchers}  open reports ${l.openReports}`,
    `created ${time(l.createdAt)}  started ${time(l.startedAt)}  updated ${time(l.updatedAt)}  winner ${l.winner === null ? '-' : country(l.winner)}`,
    `listed ${s.listed}  clock ${s.clock}s  bots ${s.botLevel}  quick ${s.quick ?? '-'}  rematch ${l.rematchId ?? '-'}`,
  ];
  const seats = table(
    ['SEAT', 'ID', 'COUNTRY', 'KIND', 'ONLINE', 'ADDRESSES', 'AWAY', 'MUTED UNTIL'],
    d.seats.map((p) => [
      p.name + (p.id === l.adminId ? ' (admin)' : ''),
      p.id,
      country(p.country),
      p.bot ? `bot ${p.bot.difficulty}` : p.local ? `hot-seat of ${p.local.ownerId}` : 'person',
      p.online ? 'yes' : 'no',
      p.addresses.join(' ') || '-',
      p.away ?? '-',
      time(p.mutedUntil),
    ]),
  );
  return `${head.join('\n')}\n\n${seats}`;
}

/** One log event in words (its payload as JSON when there is nothing better to say). */
export function eventText(e: LobbyEvent): string {
  const head = `#${e.seq}  ${time(e.at)}  ${e.actor}`;
  switch (e.kind) {
    case 'chat':
      return `${head}  says ${JSON.stringify(e.payload.msg)}`;
    case 'player-joined':
      return `${head}  seats ${e.payload.player.name} (${e.payload.player.id}) on ${country(e.payload.player.country)}`;
    case 'player-left':
      return `${head}  ${e.payload.playerId} leaves`;
    case 'game-action':
      return `${head}  plays ${e.payload.id} ${JSON.stringify(e.payload.info)}`;
    case 'moderation':
      return `${head}  moderation ${JSON.stringify(e.payload)}`;
    default:
      return `${head}  ${e.kind} ${JSON.stringify(e.payload)}`;
  }
}

export function verifyText(r: VerifyReport): string {
  const d = r.divergence;
  if (!d)
    return `${r.lobbyId}  consistent  seq ${r.seq}  hash ${r.hash}  (${r.eventsChecked} events, ${r.snapshotsChecked} snapshots${r.liveChecked ? ', live state' : ''}, ${r.ms} ms)`;
  return [`${r.lobbyId}  DIVERGED at seq ${d.seq} (${d.source})`, ...d.differences.map((line) => `  ${line}`)].join(
    '\n',
  );
}

export function sanctionsText(items: readonly Sanction[]): string {
  return table(
    ['ID', 'KIND', 'TARGET', 'LOBBY', 'FROM', 'UNTIL', 'LIFTED', 'BY', 'REASON'],
    items.map((s) => [
      String(s.id),
      s.kind,
      'identity' in s.target ? s.target.identity : s.target.address,
      s.lobbyId ?? '-',
      time(s.createdAt),
      s.expiresAt ? time(s.expiresAt) : 'until lifted',
      s.liftedAt ? `${time(s.liftedAt)} by ${s.liftedBy}` : '-',
      s.by,
      clip(s.reason, 60),
    ]),
  );
}

export function reportsText(items: readonly Report[]): string {
  return table(
    ['ID', 'LOBBY', 'SEQ', 'FROM', 'ABOUT', 'REASON', 'AT', 'RESOLVED', 'NOTE'],
    items.map((r) => [
      String(r.id),
      r.lobbyId,
      String(r.seq),
      `${r.reporterName} (${r.reporterId})`,
      `${r.targetName} (${r.targetId})`,
      r.reason,
      time(r.createdAt),
      r.resolution ? `${r.resolution} by ${r.resolvedBy}` : '-',
      clip(r.note, 60),
    ]),
  );
}

export function auditText(items: readonly AuditEntry[]): string {
  return table(
    ['ID', 'AT', 'ADMIN', 'ACTION', 'TARGET', 'REASON'],
    items.map((a) => [String(a.id), time(a.at), a.admin, a.action, a.target, clip(a.reason, 60)]),
  );
}
