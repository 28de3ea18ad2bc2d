export { buildApp } from './http/app.js';
export { type RunningServer, type StartOptions, startServer } from './server.js';
export type { DemoWorld, SeedOptions } from './store/demo-world.js';
export type { Fixtures } from './store/fixtures.js';
