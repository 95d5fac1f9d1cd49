import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { LIMITS, MESSAGES } from '@portal/shared-contracts';
import { HttpError } from '../../lib/http-error';

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

/** `text/csv` with or without parameters (`; charset=utf-8`). */
function isCsvType(mimetype: string): boolean {
  return mimetype.split(';')[0]!.trim().toLowerCase() === LIMITS.csvMimeType;
}

/**
 * What a failure while reading the body means for the caller. The plugin's own errors carry a
 * status the error handler answers; busboy's plain errors ("Unexpected end of form", "Malformed
 * part header", no boundary) all mean the body was cut short or broken.
 */
function uploadRefusal(err: unknown): unknown {
  if (err instanceof HttpError) return err;
  const { code, statusCode } = err as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new HttpError(413, MESSAGES.employees.csvSize);
  if (code === 'FST_FILES_LIMIT') return new HttpError(400, MESSAGES.employees.csvOneFile);
  if (statusCode !== undefined) return err;
  return new HttpError(400, MESSAGES.employees.csvIncomplete);
}

/**
 * The one CSV file of a multipart body: a file part named `file` with the CSV type. The body is
 * read to its end, so a second file is noticed (busboy's file limit is 1); other fields are ignored.
 */
export async function readCsvUpload(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new HttpError(400, MESSAGES.employees.csvSelect);
  let csv: Buffer | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      const refusal =
        part.fieldname !== 'file'
          ? MESSAGES.employees.csvSelect
          : !isCsvType(part.mimetype) || !/\.csv$/i.test(part.filename || 'file.csv')
            ? MESSAGES.employees.csvType
            : null;
      if (refusal) {
        part.file.resume();
        throw new HttpError(400, refusal);
      }
      // Stops at LIMITS.csvMaxBytes + 1 byte: the rest is never kept.
      csv = await part.toBuffer();
    }
  } catch (err) {
    throw uploadRefusal(err);
  }
  if (csv === undefined) throw new HttpError(400, MESSAGES.employees.csvSelect);
  return csv;
}
