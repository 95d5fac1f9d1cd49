import { remoteConfig } from '@portal/build-config';

export default remoteConfig('__ID__', import.meta.dirname);
