import { vitestConfig } from '@portal/build-config/vitest';

export default vitestConfig({ environment: 'jsdom' });
