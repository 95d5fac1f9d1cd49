import { z } from 'zod/mini';
import { lazySchema } from '../lazy-schema';
import '../zod-locale';

/** What the employer enters for the Category 7 report: headcount (null: not entered) and the year's first month. */
export const reportingSettingsSchema = lazySchema(() => z.object({
  headcount: z.nullable(z.number()),
  yearStartMonth: z.number(),
}));
export type ReportingSettings = z.infer<typeof reportingSettingsSchema>;
