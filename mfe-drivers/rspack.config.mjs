import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-drivers', import.meta.dirname);
