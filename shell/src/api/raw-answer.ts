// Its own module so that the lazily fetched upload (send-multipart.ts) and the client that fetches
// it share the type without importing each other.

/** An answer as read off the wire, before its status and body are checked. */
export interface RawAnswer {
  status: number;
  ok: boolean;
  body: unknown;
}
