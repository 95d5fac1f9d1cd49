import { pgliteFolderFromTemplate } from '@portal/api/db/template';
import { loadApiConfig } from '@portal/api/env';
import { tempDir } from './test-fixtures';

/**
 * A data folder (`DATA_DIR`) whose embedded database is already migrated, as after a first start:
 * for the tests that start the portal with the api embedded. Creating and migrating a database took
 * each of them 8 to 35 s of processor on a busy machine; the api's template loads in a fraction.
 * A module of its own: the api's modules it loads are for those files only, not for every file that
 * takes the fixtures (the setup file does).
 */
export async function embeddedDataDir(prefix = 'portal-deploy-'): Promise<string> {
  const dir = await tempDir(prefix);
  await pgliteFolderFromTemplate(loadApiConfig({ DATA_DIR: dir }).pgliteDir);
  return dir;
}
