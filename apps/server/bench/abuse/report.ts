/** Printing the abuse bench: one table row per attack beside the quiet baseline, details, and aims met or missed. */
import type { Aim, AttackResult } from './harness.js';

const MB = 1024 * 1024;

export const AIMS = {
  /** Honest p99 during an attack, as a multiple of the quiet p99. */
  p99Factor: 2,
  rssBytes: 300 * MB,
  responseBytes: 4 * MB,
  walBytes: 64 * MB,
  /**
   * The server's event-loop delay over the window: a stall is what every player feels at once. prom-client
   * samples it at a 10 ms resolution, so a quiet server already reads 10–15 ms.
   */
  loopP99Ms: 25,
  loopMaxMs: 50,
} as const;

export function fmtBytes(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  if (Math.abs(n) >= 1024 * MB) return `${(n / 1024 / MB).toFixed(1)} GB`;
  if (Math.abs(n) >= MB) return `${(n / MB).toFixed(1)} MB`;
  if (Math.abs(n) >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${Math.round(n)} B`;
}

export function fmtRate(n: number): string {
  if (!Number.isFinite(n)) return 'n/a';
  return n >= 100 ? n.toFixed(0) : n >= 10 ? n.toFixed(1) : n.toFixed(2);
}

const fmtMs = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'n/a' : `${n.toFixed(1)} ms`);

/** Adds one to `counts[key]`. */
export function tally(counts: Record<string, number>, key: string): void {
  counts[key] = (counts[key] ?? 0) + 1;
}

const peakRss = (r: AttackResult) => Math.max(r.hwm, r.watch.peakRss);

function table(rows: string[][]): string {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  return rows
    .map((r) => r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '))
    .join('\n');
}

/** The main table: one row per run, the quiet baseline first. */
export function printTable(baseline: AttackResult, results: readonly AttackResult[]): void {
  const quiet99 = baseline.honest?.p99 ?? Number.NaN;
  const rows = [
    [
      'attack',
      'honest p50',
      'honest p99',
      '× quiet',
      'peak RSS',
      'largest resp.',
      'DB+WAL before → after',
      'WAL peak',
      'srv CPU',
      'srv lag p99',
      'srv lag max',
      'load',
    ],
  ];
  for (const r of [baseline, ...results]) {
    rows.push([
      r.id === '0' ? '0 quiet baseline' : `${r.id}${r.failure ? ' (INCOMPLETE)' : ''}`,
      fmtMs(r.honest?.p50),
      fmtMs(r.honest?.p99),
      r.honest ? `${(r.honest.p99 / quiet99).toFixed(1)}×` : 'n/a',
      fmtBytes(peakRss(r)),
      r.largest.bytes ? fmtBytes(r.largest.bytes) : '—',
      `${fmtBytes(r.files.before)} → ${fmtBytes(r.files.after)}`,
      fmtBytes(r.watch.peakWal),
      `${r.watch.cpuCores.toFixed(2)}`,
      r.watch.loopLag ? fmtMs(r.watch.loopLag.p99) : 'n/a',
      r.watch.loopLag ? fmtMs(r.watch.loopLag.max) : 'n/a',
      r.load.toFixed(1),
    ]);
  }
  console.log(table(rows));
  console.log(
    '\n  honest: emit → ack of the honest players (× quiet: p99 over the quiet p99); peak RSS: VmHWM of the server process;\n' +
      '  largest resp.: the largest socket frame or HTTP body any attacker received; srv CPU: cores the server used over the\n' +
      "  window; srv lag p99 / max: the server's event-loop delay (prom-client, 10 ms resolution, time spent waiting for a\n" +
      '  core included); load: the 1-minute load average at the end (the machine is shared with the bench and anything else).',
  );
}

/** Per-attack details: what was done, the attack's own figures, honest players' refusals, notes. */
export function printDetails(r: AttackResult): void {
  console.log(`\n[${r.id}] ${r.title}  (${r.seconds} s)`);
  const settings = Object.entries(r.settings);
  if (settings.length)
    console.log(`    settings beyond the common ones: ${settings.map(([k, v]) => `${k}=${v}`).join(' ')}`);
  for (const [label, value] of r.figures) console.log(`    ${label}: ${value}`);
  const h = r.honest;
  if (h) {
    const refusals = Object.entries(h.refusals)
      .map(([k, v]) => `${k}×${v}`)
      .join(' ');
    console.log(
      `    honest players: ${h.count} requests, p50 ${fmtMs(h.p50)}, p99 ${fmtMs(h.p99)}, max ${fmtMs(h.max)}; timeouts ${h.timeouts}, refused ${refusals || 'none'}, late ticks ${h.late}, disconnects ${h.disconnects}; their own event-loop delay p99 ${fmtMs(h.loopLag.p99)}, max ${fmtMs(h.loopLag.max)}`,
    );
  } else console.log('    honest players: no figures (they could not report)');
  const series = r.watch.walSeries;
  if (series.length > 1) {
    const step = Math.max(1, Math.ceil(series.length / 12));
    const points = series.filter((_, i) => i % step === 0).map((v, i) => `${i * step}s ${fmtBytes(v)}`);
    console.log(`    WAL over time: ${points.join(', ')}`);
  }
  console.log(
    `    server: peak RSS ${fmtBytes(peakRss(r))} (VmHWM; sampled peak ${fmtBytes(r.watch.peakRss)}), CPU ${r.watch.cpuCores.toFixed(2)} cores, event-loop delay ${r.watch.loopLag ? `p99 ${fmtMs(r.watch.loopLag.p99)}, max ${fmtMs(r.watch.loopLag.max)}` : 'n/a'}, kernel send queue peak ${fmtBytes(r.watch.peakKernelSendQueue)}`,
  );
  const forced = r.watch.forcedCheckpoints;
  if (forced.count > 0) {
    console.log(
      `    forced WAL checkpoints: ${forced.count} (longest ${fmtMs(forced.maxMs)}, writers held meanwhile; ${forced.busy} busy)`,
    );
  }
  const heap = r.metrics?.get('nodejs_heap_size_used_bytes');
  const external = r.metrics?.get('nodejs_external_memory_bytes');
  if (heap !== undefined)
    console.log(`    server heap at the end: ${fmtBytes(heap)} used, ${fmtBytes(external ?? Number.NaN)} external`);
  console.log(`    largest response: ${r.largest.bytes ? `${fmtBytes(r.largest.bytes)} (${r.largest.what})` : '—'}`);
  if (r.failure) console.log(`    !! the attack did not run to its end: ${r.failure}`);
  for (const note of r.notes) console.log(`    note: ${note}`);
}

/** The common aims of every attack, then each attack's own. */
export function aimsOf(baseline: AttackResult, r: AttackResult): Aim[] {
  const quiet99 = baseline.honest?.p99 ?? Number.NaN;
  const aims: Aim[] = [];
  if (r.serverExit) aims.push({ what: `${r.id} server stays up`, aim: 'up', measured: r.serverExit, met: false });
  if (r.failure) {
    // Without a finished attack the other figures mean nothing.
    aims.push({ what: `${r.id} attack ran to its end`, aim: 'yes', measured: r.failure.slice(0, 100), met: false });
    return [...aims, ...r.aims];
  }
  const p99 = r.honest?.p99 ?? Number.NaN;
  aims.push({
    what: `${r.id} honest p99`,
    aim: `≤ ${AIMS.p99Factor}× quiet (${fmtMs(AIMS.p99Factor * quiet99)})`,
    measured: `${fmtMs(p99)} (${(p99 / quiet99).toFixed(1)}×)`,
    met: p99 <= AIMS.p99Factor * quiet99 && (r.honest?.timeouts ?? 1) === 0,
  });
  const lag = r.watch.loopLag;
  aims.push({
    what: `${r.id} server event-loop delay p99 / max`,
    aim: `≤ ${AIMS.loopP99Ms} / ${AIMS.loopMaxMs} ms`,
    measured: lag ? `${fmtMs(lag.p99)} / ${fmtMs(lag.max)}` : 'n/a',
    met: lag !== null && lag.p99 <= AIMS.loopP99Ms && lag.max <= AIMS.loopMaxMs,
  });
  aims.push({
    what: `${r.id} peak RSS`,
    aim: `< ${fmtBytes(AIMS.rssBytes)}`,
    measured: fmtBytes(peakRss(r)),
    met: peakRss(r) < AIMS.rssBytes,
  });
  aims.push({
    what: `${r.id} largest response`,
    aim: `< ${fmtBytes(AIMS.responseBytes)}`,
    measured: fmtBytes(r.largest.bytes),
    met: r.largest.bytes < AIMS.responseBytes,
  });
  aims.push({
    what: `${r.id} WAL peak`,
    aim: `< ${fmtBytes(AIMS.walBytes)}`,
    measured: fmtBytes(r.watch.peakWal),
    met: r.watch.peakWal < AIMS.walBytes,
  });
  return [...aims, ...r.aims];
}

export function printSummary(aims: readonly Aim[]): void {
  const rows = [['aim', 'target', 'measured', '']];
  for (const a of aims) rows.push([a.what, a.aim, a.measured, a.met ? 'met' : 'MISSED']);
  console.log(table(rows));
  const missed = aims.filter((a) => !a.met).length;
  console.log(`\n${aims.length - missed} of ${aims.length} aims met, ${missed} missed.`);
}
