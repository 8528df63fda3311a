/** The shared contract of server and client: zod schemas and the types derived from them. */
export * from './game.js';
