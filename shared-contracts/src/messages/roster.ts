/**
 * Roster sync by file: the CSV import's "replace the roster" mode, its preview of the difference,
 * the confirmation and the per-row report, and the api's answers about them. Ours: the spec's
 * import adds employees only. Part of `MESSAGES` (messages.ts).
 */
const count = (n: number) => n.toLocaleString('en-GB');

export const ROSTER_MESSAGES = {
  roster: {
    // ---- the import dialog
    modeLegend: 'What the file does',
    modeAdd: 'Add the employees in the file',
    modeReplace: 'Replace the roster: the file is the whole list',
    replaceHint:
      'Employees missing from the file are deactivated (never deleted); administrators are never touched. You see every change before anything is saved.',
    preview: 'Preview changes',
    previewing: 'Comparing...',
    apply: 'Confirm changes',
    applying: 'Applying...',
    back: 'Choose another file',
    done: 'Done',
    summary: (added: number, changed: number, leaving: number, unchanged: number) =>
      `${count(added)} new, ${count(changed)} changed, ${count(leaving)} leaving, ${count(unchanged)} unchanged.`,
    nothingToDo: 'The file matches the employee list: there is nothing to change.',
    problemsFound: (n: number) => `${n === 1 ? '1 problem' : `${count(n)} problems`} found. Fix the file and preview it again; nothing was changed.`,
    sections: { added: 'New', changed: 'Changed', leaving: 'Leaving' } as const,
    sectionTitle: (title: string, n: number) => `${title} (${count(n)})`,
    none: 'None.',
    showing: (shown: number, total: number) => `Showing ${count(shown)} of ${count(total)}`,
    showMore: 'Show more',
    columns: { line: 'Line', name: 'Name', email: 'Email', employeeNumber: 'Employee number', changes: 'Changes' },
    change: (field: string, from: string, to: string) => `${field}: ${from} → ${to}`,
    empty: '(none)',
    fields: { firstName: 'First name', lastName: 'Last name', employeeNumber: 'Employee number', department: 'Department', office: 'Office', status: 'Status' } as Record<string, string>,
    statuses: { Active: 'Active', Deactivated: 'Deactivated', Pending: 'Pending approval' } as Record<string, string>,
    confirmLeaving: (n: number, of: number) => `Yes, deactivate ${count(n)} of the ${count(of)} active employees.`,
    reportTitle: (added: number, changed: number, leaving: number) =>
      `Roster updated: ${count(added)} added, ${count(changed)} changed, ${count(leaving)} deactivated.`,

    // ---- the api's answers
    previewed: 'Roster compared',
    applied: 'Roster updated',
    stale: 'The employee list or the file changed since the preview. Preview the file again.',
    leavingNeedsConfirmation: (n: number, of: number) =>
      `This file would deactivate ${count(n)} of the ${count(of)} active employees. Confirm that they are leaving to go ahead.`,
    rowProblems: 'The file has problems. Preview it again to see them; nothing was changed.',
    /** The reason stored with a deactivation the roster makes (shown in the employee's details). */
    leftReason: 'Not in the roster file',
    /** The audit entry's detail: the counts, never the people. */
    auditDetail: (added: number, changed: number, leaving: number) => `${count(added)} added, ${count(changed)} changed, ${count(leaving)} deactivated`,
  },
} as const;
