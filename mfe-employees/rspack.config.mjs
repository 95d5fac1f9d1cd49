import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-employees', import.meta.dirname);
