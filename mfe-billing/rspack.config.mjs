import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-billing', import.meta.dirname);
