import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ForwardingProxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A proxy in front of the portal (run with TRUST_PROXY=1) that appends an address to each request's
 * X-Forwarded-For, as the proxy a real deployment has in front appends the address a request came
 * from. On one machine every browser comes from loopback: a browser reached through a proxy of its
 * own is a browser at an address of its own, for every request it makes, a beacon sent as the page
 * goes away included. What the client wrote into the header itself stays before the appended entry.
 */
export async function forwardingProxy(target: string, address: () => string): Promise<ForwardingProxy> {
  const upstream = new URL(target);
  const server = http.createServer((req, res) => {
    const forwardedFor = [req.headers['x-forwarded-for'], address()].filter(Boolean).join(', ');
    const up = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers: { ...req.headers, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    up.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(up);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
