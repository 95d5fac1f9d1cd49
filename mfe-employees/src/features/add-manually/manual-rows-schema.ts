import { z } from 'zod';
import { manualEmployeeRowSchema } from '@portal/shared-contracts/forms';

export const DUPLICATE_EMAIL = 'This email is already used in another row';

/** The contract's row rule for every row, plus one the server would also refuse: an email twice. */
export const manualRowsFormSchema = z
  .object({ employees: z.array(manualEmployeeRowSchema).min(1) })
  .superRefine((v, ctx) => {
    const seen = new Map<string, number>();
    v.employees.forEach((row, i) => {
      const email = row.email.toLowerCase();
      if (!email) return;
      const first = seen.get(email);
      if (first === undefined) seen.set(email, i);
      else ctx.addIssue({ code: 'custom', path: ['employees', i, 'email'], message: DUPLICATE_EMAIL });
    });
  });
export type ManualRowsFormInput = z.input<typeof manualRowsFormSchema>;
export type ManualRowsForm = z.output<typeof manualRowsFormSchema>;

export const ROW_FIELDS = ['firstName', 'lastName', 'email', 'employeeNumber', 'department'] as const;
export type RowField = (typeof ROW_FIELDS)[number];
export const emptyRow = (): ManualRowsFormInput['employees'][number] => ({ firstName: '', lastName: '', email: '', employeeNumber: '', department: '' });
