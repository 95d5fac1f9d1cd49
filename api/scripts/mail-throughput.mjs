#!/usr/bin/env node
/**
 * Figures of the mail queue against a local SMTP server (smtp-server on a free port, STARTTLS and a
 * login, as in the tests): how many mails a second one api instance's sender delivers, and the delay
 * from the commit of a mail's row to its arrival at the SMTP server.
 *
 *   node scripts/mail-throughput.mjs [--mails 2000] [--singles 50]
 *
 * The database is an in-memory PGlite, or the PostgreSQL server of DATABASE_URL when it is set (the
 * script then creates and drops a database of its own).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';

// The api's modules are TypeScript: run again under tsx's loader when started without it.
if (!process.env.MAIL_THROUGHPUT_CHILD) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), ...process.argv.slice(2)], {
    stdio: 'inherit',
    env: { ...process.env, MAIL_THROUGHPUT_CHILD: '1' },
  });
  process.exit(r.status ?? 1);
}

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const MAILS = arg('mails', 2000);
const SINGLES = arg('singles', 50);

const { openDatabase } = await import('../src/db/client.ts');
const { createMailer } = await import('../src/mail/mailer.ts');
const { startSmtpTestServer } = await import('../src/mail/smtp-test-server.ts');
const { silentLogger } = await import('../src/lib/logger.ts');
const postgres = (await import('postgres')).default;

let databaseUrl;
let dropDatabase = async () => {};
if (process.env.DATABASE_URL) {
  const name = `portal_mail_figures_${randomBytes(4).toString('hex')}`;
  const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.DATABASE_URL);
  url.pathname = `/${name}`;
  databaseUrl = url.toString();
  dropDatabase = async () => {
    const a = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
    await a.unsafe(`drop database if exists "${name}" with (force)`);
    await a.end();
  };
}

const smtp = await startSmtpTestServer({ parse: false });
const database = await openDatabase({ databaseUrl, pgliteDir: 'memory://' });
await database.migrate();
const db = database.db;
const mailer = createMailer({ smtpUrl: smtp.url, from: 'Commute Portal <no-reply@portal.test>', db, log: silentLogger });

const message = (to) => ({
  to,
  kind: 'figures',
  subject: 'Reset your Commute Portal password',
  text: `Open this link within 30 minutes to choose a new password:\nhttps://portal.test/#/reset-password?email=${encodeURIComponent(to)}&token=${randomBytes(32).toString('base64url')}`,
  html: '<p>Open this link within 30 minutes to choose a new password.</p>',
});

const arrived = (prefix) => smtp.received.filter((m) => m.to[0]?.startsWith(prefix));
async function until(check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the SMTP server');
    await new Promise((r) => setTimeout(r, 2));
  }
}
const pct = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

try {
  // Warm up: the first connection's STARTTLS and login, the first statements' plans.
  await db.transaction((tx) => mailer.enqueue(tx, message('warm@example.com'), silentLogger));
  mailer.wake();
  await until(() => arrived('warm').length === 1, 30_000);

  // 1. Throughput: an import's worth of invitations committed at once, delivered by one sender.
  const batch = Array.from({ length: MAILS }, (_, i) => message(`bulk${i}@example.com`));
  await db.transaction((tx) => mailer.enqueueMany(tx, batch));
  const t0 = performance.now();
  mailer.wake();
  await until(() => arrived('bulk').length === MAILS, 600_000);
  const seconds = (performance.now() - t0) / 1000;

  // 2. Delay: single mails, each committed in its own transaction (as a password reset), one at a time.
  const delays = [];
  for (let i = 0; i < SINGLES; i++) {
    await db.transaction((tx) => mailer.enqueue(tx, message(`single${i}@example.com`), silentLogger));
    const committed = Date.now();
    mailer.wake();
    await until(() => arrived(`single${i}@`).length === 1, 30_000);
    delays.push(arrived(`single${i}@`)[0].receivedAt - committed);
  }
  delays.sort((a, b) => a - b);

  console.log(`mail queue figures (${database.kind}, one sender, pooled SMTP connections, STARTTLS + login, local smtp-server)`);
  console.log(`  throughput: ${MAILS} mails committed at once, delivered in ${seconds.toFixed(2)} s = ${(MAILS / seconds).toFixed(0)} mails/s`);
  console.log(
    `  commit to delivery, ${SINGLES} single mails: median ${pct(delays, 50)} ms, p95 ${pct(delays, 95)} ms, max ${delays.at(-1)} ms (min ${delays[0]} ms)`,
  );
} finally {
  await mailer.close(1000);
  await smtp.stop();
  await database.close();
  await dropDatabase();
}
