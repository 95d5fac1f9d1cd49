import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a free local port, for tests and the throughput script: it offers STARTTLS
 * (smtp-server's own self-signed certificate), takes a login only over TLS, keeps every mail it
 * accepts, parsed, and can be told to refuse the next mails with a given reply (e.g. 451 or 550).
 */

export interface ReceivedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo: string;
  /** Whether the mail came over TLS (STARTTLS) and who logged in to send it. */
  secure: boolean;
  user: string | undefined;
  receivedAt: number;
  raw: string;
}

export interface SmtpTestServer {
  port: number;
  /** What the api's SMTP_URL would be (certificate not checked: it is self-signed). */
  url: string;
  received: ReceivedMail[];
  /** Replies refused so far, e.g. `451 Try again later`. */
  refused: string[];
  /** Refuses the next `count` mails at the end of their data with `code message`. */
  refuseNext(code: number, message: string, count?: number): void;
  /** Resolves with the first received mail `match` accepts (checking again as mails arrive). */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

export interface SmtpTestServerOptions {
  user?: string;
  pass?: string;
  /** Parse each mail (subject, text, html); off for a throughput run, which counts only. */
  parse?: boolean;
}

export async function startSmtpTestServer(options: SmtpTestServerOptions = {}): Promise<SmtpTestServer> {
  const user = options.user ?? 'portal';
  const pass = options.pass ?? 'smtp-secret';
  const parse = options.parse ?? true;
  const received: ReceivedMail[] = [];
  const refused: string[] = [];
  const waiters = new Set<() => void>();
  let refusals: { code: number; message: string; count: number } | null = null;

  const server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    // Logging in needs TLS: a client that did not STARTTLS cannot authenticate.
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (refusals && refusals.count > 0) {
          refusals.count -= 1;
          refused.push(`${refusals.code} ${refusals.message}`);
          callback(Object.assign(new Error(refusals.message), { responseCode: refusals.code }));
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        const base = {
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          secure: session.secure,
          user: typeof session.user === 'string' ? session.user : undefined,
          receivedAt: Date.now(),
          raw,
        };
        const keep = (m: ReceivedMail) => {
          received.push(m);
          for (const w of waiters) w();
          callback();
        };
        if (!parse) {
          keep({ ...base, subject: '', text: '', html: '', replyTo: '' });
          return;
        }
        simpleParser(raw)
          .then((p) =>
            keep({
              ...base,
              subject: p.subject ?? '',
              text: p.text ?? '',
              html: typeof p.html === 'string' ? p.html : '',
              replyTo: p.replyTo?.text ?? '',
            }),
          )
          .catch((err: Error) => callback(err));
      });
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;

  return {
    port,
    url: `smtp://${encodeURIComponent(user)}:${encodeURIComponent(pass)}@127.0.0.1:${port}/?tls.rejectUnauthorized=false&requireTLS=true`,
    received,
    refused,
    refuseNext(code, message, count = 1) {
      refusals = { code, message, count };
    },
    waitFor(match, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = received.find(match);
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
