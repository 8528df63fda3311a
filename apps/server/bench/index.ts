/**
 * `npm run bench` (apps/server): round trips, fan-out to spectators, SQLite and PostgreSQL appends, several
 * nodes on PostgreSQL + Redis, turn clocks' CPU per 1,000 lobbies, disk growth per game and quick match under
 * arrivals, the admin search on 100,000 lobbies; figures only, no pass/fail.
 */
import { cleanUpEverything } from './abuse/server-process.js';
import { runFanoutBench } from './fanout.bench.js';
import { runMultiNodeBench } from './multi-node.bench.js';
import { printAdminSearchBench } from './admin-search.bench.js';
import { printGrowthBench } from './growth.bench.js';
import { runQuickMatchBench } from './quick-match.bench.js';
import { runRoundTripBench } from './round-trip.bench.js';
import { printPostgresAppendBench } from './postgres-append.bench.js';
import { printAppendBench } from './sqlite-append.bench.js';
import { runTurnClockBench } from './turn-clock.bench.js';

await runRoundTripBench();
try {
  await runFanoutBench();
} finally {
  cleanUpEverything();
}
await printAppendBench();
await printPostgresAppendBench();
await runMultiNodeBench();
await runTurnClockBench();
await printGrowthBench();
await printAdminSearchBench();
await runQuickMatchBench();
