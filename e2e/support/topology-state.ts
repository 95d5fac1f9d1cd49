/**
 * The state file `pnpm topology --state <file>` writes (deploy/topology/cli.ts) and the topology
 * journeys read (./topology.ts): the addresses of nginx, the api instances, PostgreSQL and the S3
 * server, the release store's variables, the super admin, the log folder and the control address
 * with its token. One declaration for the writer and the reader; it imports nothing, so the
 * topology's typecheck reads it as it is.
 */
export interface TopologyState {
  nginxUrl: string;
  apiUrls: string[];
  databaseUrl: string;
  s3Endpoint: string;
  releaseEnv: Record<string, string>;
  /** The portal server that owns the release store (console, guard, preview links), directly. */
  portalUrl: string;
  superAdmin: { email: string; password: string };
  logDir: string;
  controlUrl: string;
  controlToken: string;
  /** The `pnpm topology` process (SIGTERM stops everything). */
  pid: number;
}
