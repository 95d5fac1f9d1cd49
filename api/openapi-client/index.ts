import createClient, { type Client } from 'openapi-fetch';
import type { paths } from './schema';

export type { components, operations, paths } from './schema';

export type ApiClient = Client<paths>;

/**
 * A client of the api made only from its OpenAPI document, as a team that does not share our code
 * would make one (the mobile app): typed paths, bodies and answers, bearer authentication.
 */
export function createApiClient(baseUrl: string, token?: string): ApiClient {
  return createClient<paths>({ baseUrl, headers: token ? { authorization: `Bearer ${token}` } : {} });
}
