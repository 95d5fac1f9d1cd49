export { sessionFixture } from './session';
export type { FakePlatformOptions, Handler } from './platform';
export { callsTo, createFakePlatform, renderWithPlatform, withDefaults, type FakePlatform } from './fake-platform';
export { describeExposes } from './exposes';
export { pageOf, uuid } from './builders';
