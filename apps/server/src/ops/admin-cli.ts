/**
 * `npm run -s admin -- <command>` (OPERATIONS §11.3): the admin API from a terminal, with ADMIN_URL (default
 * http://localhost:3000) and ADMIN_TOKEN. Tables and words by default, the server's JSON with `--json`.
 * Exit codes: 0 done, 1 a log check found a divergence, 2 a refusal (the server's code and message) or a
 * command line that does not parse.
 */
import { parseArgs } from 'node:util';
import { lobbyStateFromSnapshot } from '@four-banners/protocol';
import { stateHash } from '@four-banners/engine';
import type {
  AdminActionResult,
  AdminLobbiesPage,
  AdminLobbyDetail,
  AdminListPage,
  AdminOverview,
  AuditEntry,
  EventsPage,
  Report,
  Sanction,
  StateAtSeq,
  VerifyReport,
} from '@four-banners/protocol';
import { AdminApi, AdminApiError, type QueryValues } from './admin-api.js';
import {
  auditText,
  detailText,
  eventText,
  lobbiesText,
  overviewText,
  reportsText,
  sanctionsText,
  verifyText,
} from './admin-print.js';

const USAGE = `usage: npm run -s admin -- <command> [--json]
  overview
  lobbies [--q text] [--status waiting|running|finished|abandoned|closed] [--since date] [--until date]
          [--sort created|updated] [--order desc|asc] [--limit n] [--offset n]
  show <lobbyId>
  log <lobbyId> [--from seq] [--to seq]
  state <lobbyId> [--seq n]
  verify <lobbyId> | verify --all [--status s] [--since date]
  export <lobbyId> > file.ndjson
  close <lobbyId> --reason text
  remove-seat <lobbyId> <playerId> --reason text
  remove-chat <lobbyId> <seq> --reason text
  mute <playerId> [--lobby lobbyId] --minutes n --reason text
  ban --identity playerId | --address address [--minutes n] --reason text
  lift <sanctionId> --reason text
  sanctions [--all]
  reports [--resolved] [--lobby lobbyId]
  resolve <reportId> actioned|dismissed [--note text]
  audit [--admin name]
ADMIN_URL (default http://localhost:3000) and ADMIN_TOKEN name the server and your token.`;

const OPTIONS = {
  json: { type: 'boolean' },
  all: { type: 'boolean' },
  resolved: { type: 'boolean' },
  q: { type: 'string' },
  status: { type: 'string' },
  since: { type: 'string' },
  until: { type: 'string' },
  sort: { type: 'string' },
  order: { type: 'string' },
  limit: { type: 'string' },
  offset: { type: 'string' },
  from: { type: 'string' },
  to: { type: 'string' },
  seq: { type: 'string' },
  reason: { type: 'string' },
  minutes: { type: 'string' },
  lobby: { type: 'string' },
  identity: { type: 'string' },
  address: { type: 'string' },
  note: { type: 'string' },
  admin: { type: 'string' },
} as const;

type Options = ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];

/** A command line that does not follow USAGE. */
class UsageError extends Error {}

function need<T>(value: T | undefined, what: string): T {
  if (value === undefined || value === '') throw new UsageError(`missing ${what}`);
  return value;
}

function whole(text: string | undefined, what: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n)) throw new UsageError(`${what} must be a whole number, not "${text}"`);
  return n;
}

const print = (text: string): void => {
  process.stdout.write(`${text}\n`);
};

/** Prints `value` as JSON with `--json`, else as `words` says. */
const show =
  (o: Options) =>
  <T>(value: T, words: (v: T) => string): void =>
    print(o.json ? JSON.stringify(value, null, 2) : words(value));

const actionText = (r: AdminActionResult) =>
  [
    'done',
    r.seq === undefined ? '' : `seq ${r.seq}`,
    r.auditId === undefined ? '' : `audit #${r.auditId}`,
    r.sanctionId === undefined ? '' : `sanction #${r.sanctionId}`,
  ]
    .filter((s) => s.length > 0)
    .join('  ');

/** Every lobby's log checked, paging through the search oldest first; true when all are consistent. */
async function verifyAll(api: AdminApi, o: Options): Promise<boolean> {
  let since = o.since;
  let offset = 0;
  let seen = new Set<string>();
  const counts = { consistent: 0, diverged: 0 };
  for (;;) {
    const query = { status: o.status, since, sort: 'created', order: 'asc', limit: 100, offset };
    const page = await api.get<AdminLobbiesPage>('lobbies', query);
    for (const lobby of page.lobbies) {
      if (seen.has(lobby.id)) continue;
      const report = await api.post<VerifyReport>(`lobbies/${encodeURIComponent(lobby.id)}/verify`);
      counts[report.consistent ? 'consistent' : 'diverged'] += 1;
      print(o.json ? JSON.stringify(report) : verifyText(report));
    }
    const last = page.lobbies.at(-1);
    if (page.nextOffset === null || !last) break;
    // Read on from the last creation time (`since` is inclusive): offsets stay small however many lobbies there are.
    if (last.createdAt === since) offset += page.lobbies.length;
    else {
      since = last.createdAt;
      offset = 0;
      seen = new Set(page.lobbies.filter((l) => l.createdAt === since).map((l) => l.id));
    }
  }
  const summary = `checked ${counts.consistent + counts.diverged}: ${counts.consistent} consistent, ${counts.diverged} diverged`;
  if (o.json) process.stderr.write(`${summary}\n`);
  else print(summary);
  return counts.diverged === 0;
}

/** Runs one command; resolves to the exit code. */
async function run(api: AdminApi, command: string, args: readonly string[], o: Options): Promise<number> {
  const out = show(o);
  const id = () => encodeURIComponent(need(args[0], 'the lobby id'));
  const reason = () => need(o.reason, '--reason');
  switch (command) {
    case 'overview':
      out(await api.get<AdminOverview>('overview'), overviewText);
      return 0;
    case 'lobbies': {
      const query: QueryValues = {
        q: o.q,
        status: o.status,
        since: o.since,
        until: o.until,
        sort: o.sort,
        order: o.order,
        limit: o.limit,
        offset: o.offset,
      };
      out(
        await api.get<AdminLobbiesPage>('lobbies', query),
        (p) =>
          `${lobbiesText(p.lobbies)}\n${p.lobbies.length} of ${p.total}${p.nextOffset === null ? '' : ` (next: --offset ${p.nextOffset})`}`,
      );
      return 0;
    }
    case 'show':
      out(await api.get<AdminLobbyDetail>(`lobbies/${id()}`), detailText);
      return 0;
    case 'log': {
      let from = whole(o.from, '--from') ?? 1;
      const to = whole(o.to, '--to');
      for (;;) {
        const page = await api.get<EventsPage>(`lobbies/${id()}/events`, { from, to });
        for (const e of page.events) print(o.json ? JSON.stringify(e) : eventText(e));
        const last = page.events.at(-1);
        if (!last || last.seq >= (to ?? page.lastSeq)) return 0;
        from = last.seq + 1;
      }
    }
    case 'state':
      out(await api.get<StateAtSeq>(`lobbies/${id()}/state`, { seq: whole(o.seq, '--seq') }), (s) => {
        const state = lobbyStateFromSnapshot(s);
        const seats = s.lobby.players.map((p) => `${p.name} (${p.id})`).join(', ');
        const game = s.state
          ? `turn ${s.state.turnCount}, ${s.state.running ? 'running' : 'not running'}`
          : 'no map yet';
        return `seq ${s.seq}  ${s.lobby.w}×${s.lobby.h}  admin ${s.lobby.adminId}  ${s.lobby.online ? 'open' : 'closed'}  ${game}\nseats ${seats}\nchat ${s.lobby.messages.length} messages\nhash ${stateHash(state)}`;
      });
      return 0;
    case 'verify':
      if (o.all) return (await verifyAll(api, o)) ? 0 : 1;
      {
        const report = await api.post<VerifyReport>(`lobbies/${id()}/verify`);
        out(report, verifyText);
        return report.consistent ? 0 : 1;
      }
    case 'export':
      await api.stream(`lobbies/${id()}/export`, process.stdout);
      return 0;
    case 'close':
      out(await api.post<AdminActionResult>(`lobbies/${id()}/close`, { reason: reason() }), actionText);
      return 0;
    case 'remove-seat':
      out(
        await api.post<AdminActionResult>(`lobbies/${id()}/remove-seat`, {
          playerId: need(args[1], 'the player id'),
          reason: reason(),
        }),
        actionText,
      );
      return 0;
    case 'remove-chat':
      out(
        await api.post<AdminActionResult>(`lobbies/${id()}/remove-chat`, {
          seq: whole(need(args[1], 'the chat seq'), 'the chat seq'),
          reason: reason(),
        }),
        actionText,
      );
      return 0;
    case 'mute':
      out(
        await api.post<AdminActionResult>('mutes', {
          playerId: need(args[0], 'the player id'),
          lobbyId: o.lobby ?? null,
          minutes: whole(need(o.minutes, '--minutes'), '--minutes'),
          reason: reason(),
        }),
        actionText,
      );
      return 0;
    case 'ban': {
      if ((o.identity === undefined) === (o.address === undefined))
        throw new UsageError('ban takes --identity or --address');
      const target = o.identity === undefined ? { address: o.address } : { identity: o.identity };
      const minutes = whole(o.minutes, '--minutes');
      out(
        await api.post<AdminActionResult>('bans', {
          target,
          ...(minutes === undefined ? {} : { minutes }),
          reason: reason(),
        }),
        actionText,
      );
      return 0;
    }
    case 'lift':
      out(
        await api.post<AdminActionResult>(`sanctions/${encodeURIComponent(need(args[0], 'the sanction id'))}/lift`, {
          reason: reason(),
        }),
        actionText,
      );
      return 0;
    case 'sanctions':
      out(
        await api.get<AdminListPage<Sanction>>('sanctions', { active: !o.all, limit: o.limit, offset: o.offset }),
        (p) => sanctionsText(p.items),
      );
      return 0;
    case 'reports':
      out(
        await api.get<AdminListPage<Report>>('reports', {
          status: o.resolved ? 'resolved' : 'open',
          lobby: o.lobby,
          limit: o.limit,
          offset: o.offset,
        }),
        (p) => reportsText(p.items),
      );
      return 0;
    case 'resolve': {
      const resolution = need(args[1], 'actioned or dismissed');
      out(
        await api.post<AdminActionResult>(`reports/${encodeURIComponent(need(args[0], 'the report id'))}/resolve`, {
          resolution,
          ...(o.note ? { note: o.note } : {}),
        }),
        actionText,
      );
      return 0;
    }
    case 'audit':
      out(
        await api.get<AdminListPage<AuditEntry>>('audit', { admin: o.admin, limit: o.limit, offset: o.offset }),
        (p) => auditText(p.items),
      );
      return 0;
    default:
      throw new UsageError(command ? `unknown command "${command}"` : 'no command');
  }
}

function fail(message: string): number {
  process.stderr.write(`admin: ${message}\n`);
  return 2;
}

async function main(argv: string[]): Promise<number> {
  try {
    const { values, positionals } = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
    const [command = '', ...args] = positionals;
    const token = process.env.ADMIN_TOKEN;
    if (!token) return fail('set ADMIN_TOKEN to your admin token');
    const api = new AdminApi(process.env.ADMIN_URL || 'http://localhost:3000', token);
    return await run(api, command, args, values);
  } catch (e) {
    if (e instanceof AdminApiError) return fail(`${e.code}: ${e.message}`);
    if (e instanceof UsageError || (e as { code?: string }).code?.startsWith('ERR_PARSE_ARGS'))
      return fail(`${(e as Error).message}\n${USAGE}`);
    throw e;
  }
}

process.exitCode = await main(process.argv.slice(2));
