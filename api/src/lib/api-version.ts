/**
 * The api's version: `info.version` of the document and the `API-Version` header of every answer.
 * Within a major version the api only adds (docs/api.md); a removal is announced first. A module of
 * its own, so the answers written below the framework (lib/http-server.ts) carry it too.
 */
export const API_VERSION = '1.3.0';
export const API_VERSION_HEADER = 'api-version';
