import net from 'node:net';

/** What came back over a raw socket: status, headers, body (JSON when it parses) and when it closed. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /** When the server closed the connection, in ms after the request began. */
  closedAfterMs: number;
}

/**
 * Sends `head` at once to 127.0.0.1:`port`, then `drip` one character every `everyMs` (until the
 * server answers or closes), and reads what comes back until the connection closes: what a client
 * that trickles its request, or speaks a method no library sends, gets from a real server.
 */
export function rawExchange(port: number, head: string, { drip = '', everyMs = 200, giveUpMs = 10_000 } = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let text = '';
    let timer: NodeJS.Timeout | undefined;
    const giveUp = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer within ${giveUpMs} ms; read so far: ${text}`));
    }, giveUpMs);
    socket.on('connect', () => {
      socket.write(head);
      let i = 0;
      timer = setInterval(() => {
        if (i >= drip.length || socket.destroyed || text) return clearInterval(timer);
        socket.write(drip[i++]!);
      }, everyMs);
    });
    socket.on('data', (d: Buffer) => (text += d.toString('utf8')));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      clearTimeout(giveUp);
      const [top = '', body = ''] = text.split('\r\n\r\n');
      const [statusLine = '', ...lines] = top.split('\r\n');
      const headers = Object.fromEntries(lines.map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      let parsed: unknown = body;
      try {
        parsed = JSON.parse(body);
      } catch {
        // left as text
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: parsed, closedAfterMs: Date.now() - started });
    });
  });
}
