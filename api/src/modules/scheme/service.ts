import { sql } from 'drizzle-orm';
import { MESSAGES, type SchemeSettings, type SchemeSettingsBody } from '@portal/shared-contracts';
import type { Db } from '../../db/client';
import { rows, toIso } from '../../db/sql';
import { recordAudit, type AuditActor } from '../../lib/audit';

/**
 * The scheme's settings: one row (migration 0019), read by the trial's start (billing) and Help &
 * Support (support), changed by super admins in the back office (docs/decisions/0033-trial-and-consent.md).
 */

interface SettingsRow {
  trial_days: number;
  support_email: string | null;
  support_phone: string | null;
  support_hours: string | null;
  updated_at: Date | string | null;
}

const COLUMNS = sql`trial_days, support_email, support_phone, support_hours, updated_at`;

function toSettings(r: SettingsRow): SchemeSettings {
  return {
    trialDays: Number(r.trial_days),
    supportEmail: r.support_email,
    supportPhone: r.support_phone,
    supportHours: r.support_hours,
    updatedAt: toIso(r.updated_at) ?? null,
  };
}

export async function readSchemeSettings(db: Db): Promise<SchemeSettings> {
  const [r] = await rows<SettingsRow>(db, sql`select ${COLUMNS} from scheme_settings where id`);
  return toSettings(r!);
}

/** A blank field clears the value. */
const blankToNull = (v: string): string | null => (v.trim() ? v.trim() : null);

/**
 * Saves the settings, with the row locked so two super admins' saves apply one after the other, and
 * records what changed in the audit log in the same transaction; saving the same values changes
 * nothing and records nothing.
 */
export async function updateSchemeSettings(db: Db, actor: AuditActor, body: SchemeSettingsBody): Promise<{ changed: boolean; settings: SchemeSettings }> {
  return db.transaction(async (tx) => {
    const [current] = await rows<SettingsRow>(tx, sql`select ${COLUMNS} from scheme_settings where id for update`);
    const before = toSettings(current!);
    const next = {
      trialDays: body.trialDays,
      supportEmail: blankToNull(body.supportEmail),
      supportPhone: blankToNull(body.supportPhone),
      supportHours: blankToNull(body.supportHours),
    };
    const L = MESSAGES.schemeSettings;
    const changes = [
      before.trialDays !== next.trialDays ? L.auditTrial(before.trialDays, next.trialDays) : null,
      before.supportEmail !== next.supportEmail ? L.supportEmail : null,
      before.supportPhone !== next.supportPhone ? L.supportPhone : null,
      before.supportHours !== next.supportHours ? L.supportHours : null,
    ].filter((c): c is string => c !== null);
    if (changes.length === 0) return { changed: false, settings: before };
    const [saved] = await rows<SettingsRow>(
      tx,
      sql`update scheme_settings set trial_days = ${next.trialDays}, support_email = ${next.supportEmail}, support_phone = ${next.supportPhone},
          support_hours = ${next.supportHours}, updated_at = now(), updated_by = ${actor.userId}
        where id returning ${COLUMNS}`,
    );
    await recordAudit(tx, actor, {
      action: 'scheme.settingsChanged',
      companyId: null,
      target: { kind: 'settings', id: null, label: L.title },
      detail: changes.join(', '),
    });
    return { changed: true, settings: toSettings(saved!) };
  });
}
