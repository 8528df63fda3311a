/**
 * The shared contract of server and client (docs/PROTOCOL.md): zod schemas and the types derived from
 * them, one module per direction. Unlike the engine, every export of these modules is public surface, so
 * they are re-exported whole:
 * - `game.ts`: the action and saved-game payloads;
 * - `requests.ts`: client → server, every request's schema and limits, the handshake;
 * - `acks.ts`: the answers to requests and the error codes;
 * - `payloads.ts`: server → client, every event's payload;
 * - `snapshot.ts`: a lobby's full state at a seq, made and read back;
 * - `broadcast-codec.ts`: a logged event to its broadcast and back, and a client's fold of broadcasts;
 * - `http.ts`: the HTTP API's shapes and queries.
 */
export * from './game.js';
export * from './requests.js';
export * from './acks.js';
export * from './payloads.js';
export * from './snapshot.js';
export * from './broadcast-codec.js';
export * from './http.js';
