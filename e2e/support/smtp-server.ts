import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for the journeys that follow a mail: a free local port, STARTTLS (smtp-server's
 * own self-signed certificate), a login accepted only over TLS, every accepted mail kept, parsed.
 */

export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** Whether the mail came over TLS (STARTTLS). */
  secure: boolean;
}

export interface JourneySmtpServer {
  /** The portal's SMTP_URL (certificate not checked: it is self-signed). */
  url: string;
  received: ReceivedMail[];
  /** The first received mail `match` accepts, waiting for it as mails arrive. */
  waitFor(match: (m: ReceivedMail) => boolean, timeoutMs?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

/** `onMail` is told of each mail as it is accepted (e.g. to hand it to another process). */
export async function startSmtpServer(user = 'portal', pass = 'smtp-secret', onMail?: (mail: ReceivedMail) => void): Promise<JourneySmtpServer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    logger: false,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: false,
    onAuth(auth, _session, callback) {
      if (auth.username === user && auth.password === pass) callback(null, { user: auth.username });
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }));
    },
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((p) => {
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: p.subject ?? '',
            text: p.text ?? '',
            html: typeof p.html === 'string' ? p.html : '',
            secure: session.secure,
          };
          received.push(mail);
          onMail?.(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://${user}:${pass}@127.0.0.1:${port}/?tls.rejectUnauthorized=false&requireTLS=true`,
    received,
    async waitFor(match, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find(match);
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no matching mail within ${timeoutMs} ms (${received.length} received)`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
