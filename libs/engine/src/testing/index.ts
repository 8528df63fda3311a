/**
 * `@four-banners/engine/testing`: helpers for tests of the engine and of what uses it, never for the
 * game itself. `board` draws a game from a picture; `brokenInvariants` lists what a game state gets wrong.
 */
export { board } from './board.js';
export { brokenInvariants } from '../invariants.js';
