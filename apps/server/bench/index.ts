/** `npm run bench` (apps/server): round trips, SQLite appends and disk growth per game; figures only, no pass/fail. */
import { printGrowthBench } from './growth.bench.js';
import { runRoundTripBench } from './round-trip.bench.js';
import { printAppendBench } from './sqlite-append.bench.js';

await runRoundTripBench();
await printAppendBench();
await printGrowthBench();
