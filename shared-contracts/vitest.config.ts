import { vitestConfig } from '@portal/build-config/vitest';

// Pure schemas and helpers: no DOM needed.
export default vitestConfig({ environment: 'node' });
