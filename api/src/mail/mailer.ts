import { and, desc, eq, sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
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
}

export interface Mailer {
  readonly mode: 'smtp' | 'outbox';
  sendMail(message: MailMessage, log?: Logger): Promise<void>;
  /**
   * Sends without making the caller wait (the answer then takes the same time whether or not a
   * mail went out); failures are logged.
   */
  queue(message: MailMessage, log?: Logger): void;
  /** Resolves when every queued mail has been handled. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export interface MailerOptions {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  log: Logger;
}

/**
 * A link fit for a log: its path and the first 4 characters of each token it carries, so a line can
 * still be matched to its mail, and the rest replaced (a reset or invitation token is a password).
 */
export function maskLink(link: string): string {
  return link.replace(/([?&](?:amp;)?token=)([^&#\s]{0,4})[^&#\s]*/gi, '$1$2…');
}

export function createMailer({ smtpUrl, from, db, log }: MailerOptions): Mailer {
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  async function sendMail(m: MailMessage, reqLog: Logger = log): Promise<void> {
    if (transport) {
      await transport.sendMail({ from, to: m.to, subject: m.subject, text: m.text, ...(m.html ? { html: m.html } : {}) });
      reqLog.info({ to: m.to, kind: m.kind }, 'mail sent');
      return;
    }
    await db.insert(mailOutbox).values({ to: m.to, subject: m.subject, text: m.text, html: m.html ?? null, kind: m.kind, link: m.link ?? null });
    // No SMTP server: the log says a mail was kept, never the link's secret (logs travel further
    // than the database); a local run reads the whole mail in the outbox (EXPOSE_OUTBOX=1).
    const link = m.link ? maskLink(m.link) : undefined;
    reqLog.info({ to: m.to, kind: m.kind, link }, `mail kept in outbox (no SMTP_URL)${link ? `: ${link}` : ''}`);
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    sendMail,
    queue(m, reqLog = log) {
      const p = sendMail(m, reqLog)
        .catch((err: unknown) => reqLog.error({ err, to: m.to, kind: m.kind }, 'mail could not be sent'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      transport?.close();
    },
  };
}

export interface OutboxEntry {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  kind: string;
  link: string | null;
  createdAt: string;
}

/** Newest first; `to` matches case-insensitively. */
export async function readOutbox(db: Db, filter: { to?: string; kind?: string; limit?: number } = {}): Promise<OutboxEntry[]> {
  const where = and(
    filter.to ? eq(sql`lower(${mailOutbox.to})`, filter.to.trim().toLowerCase()) : undefined,
    filter.kind ? eq(mailOutbox.kind, filter.kind) : undefined,
  );
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(where)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(filter.limit ?? 50, 500));
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}
