const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An id that is not a UUID names nothing (and must not reach a uuid column as text). Fixed length, so the pattern cannot backtrack. */
export const isUuid = (s: string) => s.length === 36 && UUID.test(s);
