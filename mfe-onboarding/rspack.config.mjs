import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-onboarding', import.meta.dirname);
