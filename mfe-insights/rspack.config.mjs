import { remoteConfig } from '@portal/build-config';

export default remoteConfig('mfe-insights', import.meta.dirname);
