/**
 * The shared contract of server and client (docs/PROTOCOL.md): zod schemas and the types derived from
 * them. Unlike the engine, every export of these three modules is public surface, so they are re-exported
 * whole: `game.ts` the action and saved-game payloads, `socket.ts` the socket events, acknowledgements,
 * error codes, limits and the broadcast fold, `http.ts` the HTTP API's shapes and queries.
 */
export * from './game.js';
export * from './socket.js';
export * from './http.js';
