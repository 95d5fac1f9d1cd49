import type { CallOptions } from '@portal/shared-contracts/platform';
import type { RawAnswer } from './raw-answer';

// A file upload (the CSV import) is sent only from a signed-in page: fetched with the first one, so
// that the login page's start-up does not carry it (docs/decisions/0026-login-path-without-zod.md).

/** Multipart with upload progress: fetch cannot report it over HTTP/1.1, XMLHttpRequest can. */
function sendWithProgress(url: string, form: FormData, headers: Record<string, string>, options: CallOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [k, v] of Object.entries(headers)) xhr.setRequestHeader(k, v);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) options.onUploadProgress?.(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = xhr.responseText || undefined;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        /* not JSON: kept as text */
      }
      resolve({ status: xhr.status, ok: xhr.status >= 200 && xhr.status < 300, body });
    };
    xhr.onerror = () => reject(new TypeError('Network request failed'));
    xhr.onabort = () => reject(new DOMException('Aborted', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/**
 * The file as a multipart form: with progress when the caller asks for it (and the page has
 * XMLHttpRequest), else through `send`, the client's fetch with its credentials and time limit.
 */
export function sendMultipart(
  url: string,
  field: string,
  file: Blob | undefined,
  headers: Record<string, string>,
  options: CallOptions,
  send: (body: FormData) => Promise<RawAnswer>,
): Promise<RawAnswer> {
  const form = new FormData();
  if (file) form.append(field, file, (file as File).name ?? 'upload');
  if (options.onUploadProgress && typeof XMLHttpRequest !== 'undefined') return sendWithProgress(url, form, headers, options);
  return send(form);
}
