import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';
import { REPORTS_MESSAGES } from '../messages/reports';

const M = REPORTS_MESSAGES.reports;

/** The largest headcount a company may enter. */
export const MAX_HEADCOUNT = 10_000_000;

/** Company Settings' reporting fields, the same schema in the form and the api. */
export const reportingSettingsBodySchema = lazySchema(() => z.object({
  headcount: z.nullable(z.number({ error: M.headcountInvalid }).check(z.int(M.headcountInvalid), z.gte(1, M.headcountInvalid), z.lte(MAX_HEADCOUNT, M.headcountInvalid))),
  yearStartMonth: z.number({ error: M.yearStartMonthInvalid }).check(z.int(M.yearStartMonthInvalid), z.gte(1, M.yearStartMonthInvalid), z.lte(12, M.yearStartMonthInvalid)),
}));
export type ReportingSettingsBody = z.infer<typeof reportingSettingsBodySchema>;
