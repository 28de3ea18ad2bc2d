export type { Fixtures } from './fixtures.js';
export { buildApp } from './http/app.js';
export { type RunningServer, type StartOptions, startServer } from './server.js';
export type { DemoWorld, SeedOptions } from './world-setup.js';
