import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-auth', import.meta.dirname);
