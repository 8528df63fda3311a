/** `npm run bench` (apps/server): the round-trip and SQLite append benchmarks; figures only, no pass/fail. */
import { runRoundTripBench } from './round-trip.bench.js';
import { printAppendBench } from './sqlite-append.bench.js';

await runRoundTripBench();
await printAppendBench();
