/**
 * The node flags the api's server runs with in production: the image's command
 * (`deploy/docker/api.Dockerfile`), `pnpm --filter @portal/api start:prod` and the local topology's
 * instances. `bench/ingest.ts` forks its server with them too, so it measures what production runs;
 * `node-flags.test.ts` keeps them the same everywhere.
 *
 * `--max-semi-space-size=32`: a young generation of 2 x 32 MiB instead of V8's 2 x 16. A trip's
 * request, its place in a batch and the batch's statements live some tens of ms; with 16 MiB the
 * scavenges came every 150 to 400 ms under ingestion and copied or promoted much of what was still
 * in flight, some 0.13 to 0.16 ms of main-thread pause a trip. With 32 MiB half as many scavenges and
 * about half the pause a trip (decision 0064, addendum "the young generation").
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=32'];
