import { and, asc, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox, users } from '../db/schema';
import type { Logger } from '../lib/logger';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  /** What the mail is for, e.g. `password-reset`; kept in the outbox for lookups. */
  kind: string;
  /** The one link the mail carries, if any (outbox and log only). */
  link?: string | undefined;
  /** Extra header fields, e.g. `List-Unsubscribe` and `List-Unsubscribe-Post` (RFC 8058). */
  headers?: Record<string, string> | undefined;
  /** Small text files sent with the mail (a month's CSV summary). */
  attachments?: readonly MailAttachment[] | undefined;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

/** What a delivery pass did. */
export interface DeliveryPass {
  sent: number;
  /** Failed this time, to be tried again later. */
  retried: number;
  /** Given up: a permanent refusal, or the last retry failed. */
  failed: number;
}

/**
 * Every mail is a row of `mail_outbox`, written by `enqueue` in the transaction of the change that
 * causes it, so a mail exists exactly when its change committed. Without SMTP_URL the row is kept
 * there (the development outbox reads it); with it, a sender in every api instance takes due rows
 * under a row lock (`FOR UPDATE SKIP LOCKED`: one instance per row), delivers them, and retries a
 * temporary failure after 1 min, 5 min, 30 min and 2 h before marking the row failed.
 */
export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  /**
   * Writes the mail into the queue with `db`, which may be the caller's transaction. Call `wake()`
   * after that transaction commits for an immediate delivery (otherwise the next poll takes it).
   * Resolves to the outbox row's id.
   */
  enqueue(db: Db, message: MailMessage, log?: Logger): Promise<string>;
  /**
   * As `enqueue`, but writes the row only when `userId` names an active user; the statement is the
   * same whether or not it does (so a caller's timing does not tell an account from no account).
   */
  enqueueForActiveUser(db: Db, userId: string, message: MailMessage, log?: Logger): Promise<void>;
  /**
   * Many mails in one statement (an import's invitations), in `db` (the caller's transaction); not
   * logged one by one: the caller logs how many. Call `wake()` after the commit.
   */
  enqueueMany(db: Db, messages: readonly MailMessage[]): Promise<void>;
  /** Queues a mail on its own (not in a transaction) and wakes the sender. */
  sendMail(message: MailMessage, log?: Logger): Promise<void>;
  /** `sendMail` without making the caller wait; a failure to write the row is logged. */
  queue(message: MailMessage, log?: Logger): void;
  /** Asks the sender for a pass now (rows committed since the last one are delivered at once). */
  wake(): void;
  /** Delivers every due row now (SMTP only; nothing to do without it). */
  deliverDue(): Promise<DeliveryPass>;
  /** Resolves when every `queue`d row is written and, with SMTP, every due row has been tried once. */
  flush(): Promise<void>;
  /**
   * Stops the sender: no new pass starts, due rows are delivered until none is left or `deadlineMs`
   * has passed (a row not reached stays queued for the next start or another instance).
   */
  close(deadlineMs?: number): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  replyTo?: string | undefined;
  db: Db;
  log: Logger;
  /** Waits before each retry of a temporary failure; after the last one the row is marked failed. */
  retryDelaysMs?: readonly number[];
  /** How often the sender looks for due rows (other instances' mails, retries). */
  pollMs?: number;
  /** How long a sender's claim on a row lasts: a row whose sender stopped mid-delivery is taken again after it. */
  claimMs?: number;
  /**
   * No other process can use this database (PGlite's folder lock): at start, the claims of a
   * previous run that stopped mid-delivery are released at once instead of waiting for them to end.
   */
  soleInstance?: boolean;
}

export const MAIL_RETRY_DELAYS_MS: readonly number[] = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000];
const POLL_MS = 5_000;
const CLAIM_MS = 5 * 60_000;
/** Rows one pass claims at a time; the pool delivers them over a few connections at once. */
const BATCH = 20;
const SHUTDOWN_DEADLINE_MS = 8_000;

/**
 * A link fit for a log: its path and the first 4 characters of each token it carries, so a line can
 * still be matched to its mail, and the rest replaced (a reset or invitation token is a password).
 */
export function maskLink(link: string): string {
  return link.replace(/([?&](?:amp;)?token=)([^&#\s]{0,4})[^&#\s]*/gi, '$1$2…');
}

/** The SMTP server's answer or the connection error, for the super admin; never the mail's content. */
function describeError(err: unknown): string {
  const e = err as { response?: unknown; code?: unknown; message?: unknown };
  const text = typeof e.response === 'string' ? e.response : typeof e.message === 'string' ? e.message : String(err);
  return (typeof e.code === 'string' && !text.includes(e.code) ? `${e.code}: ${text}` : text).slice(0, 500);
}

/**
 * A 5xx reply to the mail itself (its sender, a recipient, its content) will not change on a retry;
 * anything else (a 4xx, a dropped connection, a refused login that a corrected setting fixes) may.
 */
export function isPermanentFailure(err: unknown): boolean {
  const e = err as { responseCode?: unknown; command?: unknown };
  if (typeof e.responseCode !== 'number' || e.responseCode < 500 || e.responseCode > 599) return false;
  const command = typeof e.command === 'string' ? e.command.toUpperCase() : '';
  return !/^(CONN|EHLO|HELO|LHLO|STARTTLS|AUTH)/.test(command);
}

/** The text with each lone UTF-16 surrogate replaced by U+FFFD (String.prototype.toWellFormed). */
export function wellFormed(text: string): string {
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, '\uFFFD');
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function createMailer(options: MailerOptions): Mailer {
  const { smtpUrl, from, replyTo, db, log } = options;
  const retryDelays = options.retryDelaysMs ?? MAIL_RETRY_DELAYS_MS;
  const claimMs = options.claimMs ?? CLAIM_MS;
  const transport = smtpUrl
    ? nodemailer.createTransport({
        url: smtpUrl,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 30_000,
        greetingTimeout: 30_000,
        socketTimeout: 60_000,
      })
    : undefined;
  const mode = transport ? 'smtp' : 'outbox';
  const writes = new Set<Promise<void>>();
  let running: Promise<DeliveryPass> | null = null;
  let again = false;
  let closed = false;

  function logQueued(m: MailMessage, reqLog: Logger) {
    const link = m.link ? maskLink(m.link) : undefined;
    if (transport) {
      reqLog.info({ to: m.to, kind: m.kind }, 'mail queued');
      return;
    }
    // No SMTP server: the log says a mail was kept, never the link's secret (logs travel further
    // than the database); a local run reads the whole mail in the outbox (EXPOSE_OUTBOX=1).
    reqLog.info({ to: m.to, kind: m.kind, link }, `mail kept in outbox (no SMTP_URL)${link ? `: ${link}` : ''}`);
  }

  // A lone UTF-16 surrogate (from a caller's text: a name, the super admin's notes) cannot be stored
  // as text nor read by PostgreSQL's JSON parser: it becomes U+FFFD, as a mail client would show it.
  const row = (m: MailMessage) => ({
    to: wellFormed(m.to),
    subject: wellFormed(m.subject),
    text: wellFormed(m.text),
    html: m.html ? wellFormed(m.html) : null,
    kind: m.kind,
    link: m.link ? wellFormed(m.link) : null,
    status: transport ? 'pending' : 'kept',
    headers: m.headers ?? null,
    attachments: m.attachments ? m.attachments.map((a) => ({ ...a, content: wellFormed(a.content) })) : null,
  });

  async function enqueue(tx: Db, m: MailMessage, reqLog: Logger = log): Promise<string> {
    const [inserted] = await tx.insert(mailOutbox).values(row(m)).returning({ id: mailOutbox.id });
    logQueued(m, reqLog);
    return inserted!.id;
  }

  async function enqueueMany(tx: Db, messages: readonly MailMessage[]) {
    if (messages.length === 0) return;
    const rows = messages.map((m) => {
      const { headers: _h, attachments: _a, ...r } = row(m);
      return r;
    });
    await tx.execute(sql`
      insert into ${mailOutbox} (${sql.identifier('to')}, subject, text, html, kind, link, status)
      select x."to", x.subject, x.text, x.html, x.kind, x.link, x.status
      from json_to_recordset(${JSON.stringify(rows)}::json)
        as x("to" text, subject text, text text, html text, kind text, link text, status text)`);
  }

  async function enqueueForActiveUser(tx: Db, userId: string, m: MailMessage, reqLog: Logger = log) {
    const { headers: _h, attachments: _a, ...r } = row(m);
    const inserted = await tx.execute(sql`
      insert into ${mailOutbox} (${sql.identifier('to')}, subject, text, html, kind, link, status)
      select ${r.to}, ${r.subject}, ${r.text}, ${r.html}, ${r.kind}, ${r.link}, ${r.status}
      from ${users} where ${users.id} = ${userId} and ${users.isActive}
      returning ${mailOutbox.id}`);
    const count = Array.isArray(inserted) ? inserted.length : ((inserted as { rows?: unknown[] }).rows?.length ?? 0);
    if (count > 0) logQueued(m, reqLog);
  }

    const after = (ms: number) => sql`now() + make_interval(secs => ${ms / 1000})`;

  /** Takes up to BATCH due rows: counts the attempt and holds them for `claimMs` (other instances skip them). */
  async function claim() {
    return db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(
          and(
            eq(mailOutbox.status, 'pending'),
            lte(mailOutbox.nextAttemptAt, sql`now()`),
            or(isNull(mailOutbox.claimedUntil), lte(mailOutbox.claimedUntil, sql`now()`)),
          ),
        )
        .orderBy(asc(mailOutbox.nextAttemptAt))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      if (due.length === 0) return [];
      return tx
        .update(mailOutbox)
        .set({ attempts: sql`${mailOutbox.attempts} + 1`, claimedUntil: after(claimMs) })
        .where(
          inArray(
            mailOutbox.id,
            due.map((d) => d.id),
          ),
        )
        .returning();
    });
  }

  type Claimed = Awaited<ReturnType<typeof claim>>[number];

  async function deliver(r: Claimed, result: DeliveryPass) {
    try {
      await transport!.sendMail({
        from,
        to: r.to,
        subject: r.subject,
        text: r.text,
        ...(r.html ? { html: r.html } : {}),
        ...(replyTo ? { replyTo } : {}),
        ...(r.headers ? { headers: r.headers as Record<string, string> } : {}),
        ...(r.attachments ? { attachments: r.attachments as MailAttachment[] } : {}),
      });
      await db.update(mailOutbox).set({ status: 'sent', sentAt: sql`now()`, claimedUntil: null, lastError: null }).where(eq(mailOutbox.id, r.id));
      result.sent += 1;
      log.info({ mailId: r.id, to: r.to, kind: r.kind, attempts: r.attempts }, 'mail sent');
    } catch (err) {
      const lastError = describeError(err);
      const delay = retryDelays[r.attempts - 1];
      if (!isPermanentFailure(err) && delay !== undefined) {
        await db
          .update(mailOutbox)
          .set({ lastError, nextAttemptAt: after(delay), claimedUntil: null })
          .where(eq(mailOutbox.id, r.id));
        result.retried += 1;
        log.warn({ mailId: r.id, to: r.to, kind: r.kind, attempts: r.attempts, error: lastError, retryInMs: delay }, 'mail not delivered; retried later');
        return;
      }
      await db.update(mailOutbox).set({ status: 'failed', lastError, claimedUntil: null }).where(eq(mailOutbox.id, r.id));
      result.failed += 1;
      log.error({ mailId: r.id, to: r.to, kind: r.kind, attempts: r.attempts, error: lastError }, 'mail delivery failed; given up');
    }
  }

  async function pass(deadline = Infinity): Promise<DeliveryPass> {
    const result: DeliveryPass = { sent: 0, retried: 0, failed: 0 };
    if (!transport) return result;
    for (;;) {
      const rows = await claim();
      await Promise.all(rows.map((r) => deliver(r, result)));
      if (rows.length < BATCH || Date.now() >= deadline) return result;
    }
  }

  /** One pass at a time in this process; a wake during a pass asks for another one after it. */
  function runPass(): Promise<DeliveryPass> {
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((err: unknown) => {
        log.error({ err }, 'mail sender pass failed');
        return { sent: 0, retried: 0, failed: 0 };
      })
      .finally(() => {
        running = null;
        if (again && !closed) {
          again = false;
          void runPass();
        }
      });
    return running;
  }

  const timer = transport ? setInterval(() => void runPass(), options.pollMs ?? POLL_MS) : undefined;
  timer?.unref();
  // Rows left by a previous run (stopped between commit and delivery, or during it) go out at start.
  if (transport) {
    const released = options.soleInstance
      ? db
          .update(mailOutbox)
          .set({ claimedUntil: null })
          .where(and(eq(mailOutbox.status, 'pending'), isNotNull(mailOutbox.claimedUntil)))
          .then(() => undefined)
      : Promise.resolve();
    void released
      .catch((err: unknown) => log.error({ err }, 'mail sender: releasing the claims of a previous run failed'))
      .then(() => (closed ? null : runPass()));
  }

  async function sendMail(m: MailMessage, reqLog: Logger = log) {
    await enqueue(db, m, reqLog);
    mailer.wake();
  }

  const mailer: Mailer = {
    mode,
    enqueue,
    enqueueForActiveUser,
    enqueueMany,
    sendMail,
    queue(m, reqLog = log) {
      const p = sendMail(m, reqLog)
        .catch((err: unknown) => reqLog.error({ err, to: m.to, kind: m.kind }, 'mail could not be queued'))
        .finally(() => writes.delete(p));
      writes.add(p);
    },
    wake() {
      if (transport && !closed) void runPass();
    },
    async deliverDue() {
      while (running) await running;
      return runPass();
    },
    async flush() {
      while (writes.size > 0) await Promise.all([...writes]);
      if (transport && !closed) {
        while (running) await running;
        await runPass();
      }
    },
    async close(deadlineMs = SHUTDOWN_DEADLINE_MS) {
      const deadline = Date.now() + deadlineMs;
      closed = true;
      if (timer) clearInterval(timer);
      while (writes.size > 0) await Promise.all([...writes]);
      if (transport) {
        const drain = (async () => {
          while (running) await running;
          await pass(deadline);
        })().catch((err: unknown) => log.error({ err }, 'mail sender: draining at shutdown failed'));
        await Promise.race([drain, sleep(Math.max(0, deadline - Date.now()))]);
        transport.close();
      }
    },
  };
  return mailer;
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  link: string | null;
  status: string;
  createdAt: string;
}

/** Newest first; `to` matches case-insensitively. */
export async function readOutbox(db: Db, filter: { to?: string; kind?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const where = and(
    filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.trim().toLowerCase()) : undefined,
    filter.kind ? eq(mailOutbox.kind, filter.kind) : undefined,
  );
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      html: mailOutbox.html,
      kind: mailOutbox.kind,
      link: mailOutbox.link,
      status: mailOutbox.status,
      createdAt: mailOutbox.createdAt,
    })
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(filter.limit ?? 50, 500));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
