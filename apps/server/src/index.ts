export { buildApp } from './http/app.js';
export { type RunningServer, type StartOptions, startServer } from './server.js';
export type { Fixtures } from './store/sandbox/fixtures.js';
export type { DemoWorld, SeedOptions } from './store/seed/demo-world.js';
