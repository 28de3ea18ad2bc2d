export { type RunningServer, type StartOptions, startServer } from './server.js';
export type { Fixtures } from './fixtures.js';
export type { DemoWorld, SeedOptions } from './world-setup.js';
export { buildApp } from './http/app.js';
