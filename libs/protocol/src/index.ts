/** The shared contract of server and client: zod schemas and the types derived from them. */
export * from './game.js';
export * from './socket.js';
export * from './http.js';
