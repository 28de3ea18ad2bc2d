export { buildApp } from './http/app.js';
export type { Fixtures } from './sandbox/store/fixtures.js';
export { type RunningServer, type StartOptions, startServer } from './server.js';
export type { DemoWorld, SeedOptions } from './store/seed/demo-world.js';
