/**
 * The Lighthouse section of the web bench (called from run.ts; alone with `BENCH_ONLY=lighthouse`): a
 * phone's first visit of /main-menu on the real server, with Lighthouse's default mobile emulation and
 * simulated throttling (slow 4G, a 4× slower CPU), a fresh browser profile per run. Prints the median of
 * `runs` runs of the performance score, FCP, LCP, TBT, CLS and speed index, Lighthouse's estimate of the
 * unused JS and CSS, and the bytes the first screen cost: what was requested before the largest paint,
 * as sent (compressed, headers included) and as the page used them (uncompressed). Aim: score ≥ 90.
 * Figures only: it never fails on time. Lighthouse runs as its own process (its CLI) on Debian's
 * Chromium (CHROMIUM_PATH to use another).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const LIGHTHOUSE_CLI = createRequire(import.meta.url).resolve('lighthouse/cli/index.js');

interface NetworkRequest {
  readonly url: string;
  readonly networkRequestTime: number;
  readonly transferSize: number;
  readonly resourceSize: number;
  readonly sessionTargetType?: string;
}

/** The parts of a Lighthouse result this section reads. */
interface LighthouseResult {
  readonly categories: { readonly performance: { readonly score: number } };
  readonly audits: Record<
    string,
    {
      readonly numericValue?: number;
      readonly details?: {
        readonly overallSavingsBytes?: number;
        readonly items?: readonly Record<string, unknown>[];
      };
    }
  >;
}

/** One run's figures. */
export interface LighthouseFigures {
  readonly score: number;
  readonly fcpMs: number;
  readonly lcpMs: number;
  readonly tbtMs: number;
  readonly cls: number;
  readonly speedIndexMs: number;
  readonly unusedJsBytes: number;
  readonly unusedCssBytes: number;
  /** Requests made before the (observed) largest contentful paint: the first screen. */
  readonly firstScreen: { readonly requests: number; readonly transferBytes: number; readonly resourceBytes: number };
  /** Every request of the page during the run (the idle-time prefetch included). */
  readonly whole: { readonly requests: number; readonly transferBytes: number; readonly resourceBytes: number };
}

const sum = (requests: readonly NetworkRequest[], key: 'transferSize' | 'resourceSize') =>
  requests.reduce((total, r) => total + r[key], 0);

/** Reads one run's figures out of Lighthouse's JSON result. */
export function figuresOf(result: LighthouseResult): LighthouseFigures {
  const audit = (id: string) => result.audits[id];
  const value = (id: string) => audit(id)?.numericValue ?? Number.NaN;
  const metrics = audit('metrics')?.details?.items?.[0] ?? {};
  const lcpAt = Number(metrics.observedLargestContentfulPaint ?? Number.POSITIVE_INFINITY);
  const requests = ((audit('network-requests')?.details?.items ?? []) as unknown as NetworkRequest[]).filter(
    (r) => (r.sessionTargetType ?? 'page') === 'page' && !r.url.startsWith('data:'),
  );
  const first = requests.filter((r) => r.networkRequestTime <= lcpAt);
  const totals = (rs: readonly NetworkRequest[]) => ({
    requests: rs.length,
    transferBytes: sum(rs, 'transferSize'),
    resourceBytes: sum(rs, 'resourceSize'),
  });
  return {
    score: Math.round(result.categories.performance.score * 100),
    fcpMs: value('first-contentful-paint'),
    lcpMs: value('largest-contentful-paint'),
    tbtMs: value('total-blocking-time'),
    cls: value('cumulative-layout-shift'),
    speedIndexMs: value('speed-index'),
    unusedJsBytes: audit('unused-javascript')?.details?.overallSavingsBytes ?? 0,
    unusedCssBytes: audit('unused-css-rules')?.details?.overallSavingsBytes ?? 0,
    firstScreen: totals(first),
    whole: totals(requests),
  };
}

/** One Lighthouse run (mobile, simulated throttling, fresh profile) of `url`. */
async function runLighthouse(url: string): Promise<LighthouseFigures> {
  const dir = mkdtempSync(join(tmpdir(), 'fb-lighthouse-'));
  const out = join(dir, 'result.json');
  try {
    await promisify(execFile)(
      process.execPath,
      [
        LIGHTHOUSE_CLI,
        url,
        '--only-categories=performance',
        '--output=json',
        `--output-path=${out}`,
        '--quiet',
        '--chrome-flags=--headless=new --no-sandbox',
      ],
      {
        env: { ...process.env, CHROME_PATH: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    return figuresOf(JSON.parse(readFileSync(out, 'utf8')) as LighthouseResult);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const median = (xs: readonly number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

/** Runs Lighthouse `runs` times on `${base}/main-menu` and prints the medians of the runs that finished. */
export async function lighthouseBench(base: string, runs = Number(process.env.BENCH_LH_RUNS ?? 3)): Promise<void> {
  const all: LighthouseFigures[] = [];
  console.log(`Lighthouse, mobile (simulated slow 4G, 4× CPU), first visit of /main-menu, median of ${runs} runs:`);
  for (let i = 0; i < runs; i++) {
    try {
      all.push(await runLighthouse(`${base}/main-menu`));
    } catch (e) {
      // A run Lighthouse gives up on (a busy machine: its DevTools calls time out) is reported, not fatal.
      console.log(
        `  run ${i + 1} did not finish: ${String((e as Error).message)
          .split('\n')
          .slice(-2)
          .join(' ')
          .trim()}`,
      );
    }
  }
  if (all.length === 0) return;
  const m = (pick: (f: LighthouseFigures) => number) => median(all.map(pick));
  console.log(
    `  performance ${m((f) => f.score)} (runs: ${all.map((f) => f.score).join(', ')}; aim ≥ 90); ` +
      `FCP ${s(m((f) => f.fcpMs))}, LCP ${s(m((f) => f.lcpMs))}, TBT ${m((f) => f.tbtMs).toFixed(0)} ms, ` +
      `CLS ${m((f) => f.cls).toFixed(3)}, speed index ${s(m((f) => f.speedIndexMs))}`,
  );
  console.log(
    `  unused at load (Lighthouse's estimate): JS ${kb(m((f) => f.unusedJsBytes))}, CSS ${kb(m((f) => f.unusedCssBytes))}`,
  );
  console.log(
    `  first screen (requests before the largest paint): ${m((f) => f.firstScreen.requests)} requests, ` +
      `${kb(m((f) => f.firstScreen.transferBytes))} sent (compressed, headers included), ` +
      `${kb(m((f) => f.firstScreen.resourceBytes))} uncompressed`,
  );
  console.log(
    `  the page's own requests (the app's code, fetched by a worker, is in the initial section): ${m((f) => f.whole.requests)} requests, ` +
      `${kb(m((f) => f.whole.transferBytes))} sent, ${kb(m((f) => f.whole.resourceBytes))} uncompressed`,
  );
}
