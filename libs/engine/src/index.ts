/** Four Banners' rules engine: pure, deterministic, plain data in and out. */
export * from './constants.js';
export * from './types.js';
export * from './rng.js';
export * from './grid.js';
export * from './game.js';
export * from './turns.js';
export * from './war.js';
export * from './legal.js';
export * from './serialize.js';
export * from './hash.js';
export * from './actions/index.js';
export { startOfTurn, removeDeadCountries } from './turn-flow.js';
export * from './lobby/events.js';
export * from './lobby/fold.js';
export * from './bot/bot.js';
export * from './runner.js';
export * from './invariants.js';
