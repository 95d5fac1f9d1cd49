import multipart from '@fastify/multipart';
import fp from 'fastify-plugin';
import { LIMITS } from '@portal/shared-contracts';

/**
 * Multipart bodies (the CSV import). The parser only marks the request: the file is read by the
 * handler as a stream, and busboy stops it at the size limit, so an oversized upload is refused
 * without being held in memory. JSON routes are untouched.
 */
export const multipartSupport = fp(
  async (fastify) => {
    if (fastify.hasRequestDecorator('isMultipart')) return;
    await fastify.register(multipart, {
      throwFileSizeLimit: true,
      limits: { files: 1, fileSize: LIMITS.csvMaxBytes, fields: 10, parts: 20, fieldSize: 1024, headerPairs: 100 },
    });
  },
  { name: 'portal-multipart' },
);
