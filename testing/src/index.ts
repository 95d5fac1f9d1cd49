export { sessionFixture } from './session';
export type { FakePlatformOptions, Handler } from './platform';
export { callsTo, createFakePlatform, renderWithPlatform, withDefaults, type FakePlatform } from './fake-platform';
export { describeExposes } from './exposes';
export { companyWithOffices, emailShown, LEEDS_OFFICE, pageOf, uuid, YORK_OFFICE } from './builders';
