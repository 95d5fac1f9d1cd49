export { sessionFixture } from './session';
export type { FakeCall, FakePlatformOptions, Handler } from './platform';
export {
  callsTo,
  createFakePlatform,
  renderWithPlatform,
  withDefaults,
  type FakePlatform,
  type RenderWithPlatformResult,
} from './fake-platform';
export { describeExposes } from './exposes';
