import { afterAll } from 'vitest';
import { removeTempDirs } from './test-fixtures';

afterAll(async () => {
  await removeTempDirs();
});
