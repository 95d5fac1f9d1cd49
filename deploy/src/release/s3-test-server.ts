import { createHash } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A small S3-compatible server for tests, path-style (`/<bucket>/<key>`), keeping objects in
 * memory. It answers what the release store sends: CreateBucket, PutObject with If-Match and
 * If-None-Match (which the maintained npm fakes do not honour), GetObject, HeadObject and
 * ListObjectsV2 with pages. Signatures are not checked.
 */

export interface StoredObject {
  body: Buffer;
  etag: string;
  contentType: string | undefined;
  cacheControl: string | undefined;
  lastModified: Date;
}

export interface S3TestServer {
  endpoint: string;
  /** bucket -> key -> object */
  buckets: Map<string, Map<string, StoredObject>>;
  /** Every request as `METHOD /path?query`, in order. */
  requests: string[];
  /** ListObjectsV2 pages hold at most this many keys (S3: 1000), to exercise paging. */
  pageSize: number;
  object(bucket: string, key: string): StoredObject | undefined;
  close(): Promise<void>;
}

const xmlEscape = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function sendError(res: ServerResponse, status: number, code: string, message: string, head = false): void {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(head ? undefined : `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message></Error>`);
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

export async function startS3TestServer(): Promise<S3TestServer> {
  const buckets = new Map<string, Map<string, StoredObject>>();
  const requests: string[] = [];
  const state = { pageSize: 1000 };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://s3.test');
    requests.push(`${req.method} ${url.pathname}${url.search}`);
    const [, bucketName = '', ...rest] = url.pathname.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const method = req.method ?? 'GET';
    // Read the whole body before looking at the store: check-and-set below happens in one turn of
    // the event loop, which is what makes a conditional write atomic here.
    const body = await readBody(req);
    if (String(req.headers['content-encoding'] ?? '').includes('aws-chunked')) {
      return sendError(res, 501, 'NotImplemented', 'aws-chunked uploads are not supported by this test server');
    }

    if (!key) {
      if (method === 'PUT') {
        if (!buckets.has(bucketName)) buckets.set(bucketName, new Map());
        res.writeHead(200, { location: `/${bucketName}` });
        return res.end();
      }
      const bucket = buckets.get(bucketName);
      if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist');
      if (method === 'GET' && url.searchParams.get('list-type') === '2') {
        const prefix = url.searchParams.get('prefix') ?? '';
        const after = url.searchParams.get('continuation-token') ?? url.searchParams.get('start-after') ?? '';
        const max = Math.min(Number(url.searchParams.get('max-keys') ?? 1000), state.pageSize);
        const keys = [...bucket.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
        const page = keys.slice(0, max);
        const truncated = keys.length > page.length;
        const contents = page
          .map((k) => {
            const o = bucket.get(k)!;
            return `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${o.lastModified.toISOString()}</LastModified><ETag>${xmlEscape(o.etag)}</ETag><Size>${o.body.length}</Size><StorageClass>STANDARD</StorageClass></Contents>`;
          })
          .join('');
        res.writeHead(200, { 'content-type': 'application/xml' });
        return res.end(
          `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/"><Name>${xmlEscape(bucketName)}</Name><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><MaxKeys>${max}</MaxKeys><IsTruncated>${truncated}</IsTruncated>${contents}${truncated ? `<NextContinuationToken>${xmlEscape(page[page.length - 1]!)}</NextContinuationToken>` : ''}</ListBucketResult>`,
        );
      }
      return sendError(res, 501, 'NotImplemented', `${method} on a bucket is not supported by this test server`);
    }

    const bucket = buckets.get(bucketName);
    if (!bucket) return sendError(res, 404, 'NoSuchBucket', 'The specified bucket does not exist', method === 'HEAD');
    const existing = bucket.get(key);

    if (method === 'PUT') {
      const ifMatch = req.headers['if-match'];
      const ifNoneMatch = req.headers['if-none-match'];
      if (ifNoneMatch === '*' && existing) {
        return sendError(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
      }
      if (ifMatch !== undefined) {
        if (!existing) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        if (ifMatch !== existing.etag) {
          return sendError(res, 412, 'PreconditionFailed', 'At least one of the pre-conditions you specified did not hold');
        }
      }
      const etag = `"${createHash('md5').update(body).digest('hex')}"`;
      bucket.set(key, {
        body,
        etag,
        contentType: req.headers['content-type'],
        cacheControl: req.headers['cache-control'],
        lastModified: new Date(),
      });
      res.writeHead(200, { etag });
      return res.end();
    }

    if (method === 'GET' || method === 'HEAD') {
      if (!existing) return sendError(res, 404, method === 'HEAD' ? 'NotFound' : 'NoSuchKey', 'The specified key does not exist.', method === 'HEAD');
      res.writeHead(200, {
        etag: existing.etag,
        'content-length': existing.body.length,
        'last-modified': existing.lastModified.toUTCString(),
        ...(existing.contentType ? { 'content-type': existing.contentType } : {}),
        ...(existing.cacheControl ? { 'cache-control': existing.cacheControl } : {}),
      });
      return res.end(method === 'HEAD' ? undefined : existing.body);
    }

    return sendError(res, 501, 'NotImplemented', `${method} on an object is not supported by this test server`);
  };

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => sendError(res, 500, 'InternalError', String(err)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    buckets,
    requests,
    get pageSize() {
      return state.pageSize;
    },
    set pageSize(n: number) {
      state.pageSize = n;
    },
    object: (bucket, key) => buckets.get(bucket)?.get(key),
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
