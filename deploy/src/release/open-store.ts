import type { PortalConfig } from '../env';
import { FsReleaseStore, type ReleaseStore } from './store';

/**
 * The release store the configuration names: the folder (RELEASE_STORE, the embedded default) or,
 * with RELEASE_STORE_URL=s3://bucket/prefix, object storage. The AWS SDK is loaded only then.
 */
export async function openReleaseStore(config: Pick<PortalConfig, 'releaseStoreDir' | 'releaseStoreS3'>): Promise<ReleaseStore> {
  const s3 = config.releaseStoreS3;
  if (!s3) return new FsReleaseStore(config.releaseStoreDir);
  const { S3ReleaseStore, parseS3Url } = await import('./s3-store');
  return new S3ReleaseStore({
    ...parseS3Url(s3.url),
    ...(s3.endpoint ? { endpoint: s3.endpoint } : {}),
    ...(s3.region ? { region: s3.region } : {}),
    ...(s3.credentials ? { credentials: s3.credentials } : {}),
  });
}
