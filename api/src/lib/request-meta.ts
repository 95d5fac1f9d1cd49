import { isIPv4, isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/** Where a call came from, for the audit trail, rate-limit keys and a session's record. */
export interface ClientMeta {
  ip: string;
  userAgent?: string | undefined;
}

export function clientMeta(req: Pick<FastifyRequest, 'ip' | 'headers'>): ClientMeta {
  return { ip: req.ip, userAgent: req.headers['user-agent'] };
}

/** The eight 16-bit groups of an IPv6 address that `isIPv6` accepted (`::` expanded, a dotted IPv4 tail as two groups). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const lastColon = text.lastIndexOf(':');
  const tail = text.slice(lastColon + 1);
  if (tail.includes('.')) {
    const [a, b, c, d] = tail.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const gap = text.indexOf('::');
  const part = (s: string) => (s ? s.split(':') : []);
  const head = part(gap < 0 ? text : text.slice(0, gap));
  const rest = gap < 0 ? [] : part(text.slice(gap + 2));
  const zeros = gap < 0 ? [] : new Array<string>(8 - head.length - rest.length).fill('0');
  return [...head, ...zeros, ...rest].map((g) => Number.parseInt(g, 16));
}

/**
 * The part of a client address that stands for one sender (docs/decisions/0029): an IPv4 address
 * as it is; an IPv6 address by its /64, since a host is handed a whole /64 and may pick any address
 * in it for every request; an IPv4 address written as IPv6 (`::ffff:192.0.2.1`) as the IPv4 address.
 * Anything else (a test's made-up address) is kept as it is.
 */
export function senderAddress(ip: string): string {
  const zone = ip.indexOf('%');
  const address = zone >= 0 ? ip.slice(0, zone) : ip;
  if (isIPv4(address) || !isIPv6(address)) return address;
  const g = ipv6Groups(address);
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return [g[6]! >> 8, g[6]! & 255, g[7]! >> 8, g[7]! & 255].join('.');
  }
  return `${g.slice(0, 4).map((n) => n.toString(16)).join(':')}::/64`;
}

/**
 * Fastify's `trustProxy` for TRUST_PROXY's number of proxies: the socket's peer and the entries the
 * proxies appended to X-Forwarded-For (counted from the right) are theirs, the next one is the
 * client's. `true` would take the leftmost entry, which the client writes itself; Fastify's own hop
 * count trusts no entry at all. The server must be reachable only through those proxies.
 */
export function trustedProxies(hops: number): false | ((address: string, hop: number) => boolean) {
  return hops > 0 ? (_address, hop) => hop < hops : false;
}
