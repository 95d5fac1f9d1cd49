import { LIMITS } from '@portal/shared-contracts';

const TEMPLATE_COLUMNS = [...LIMITS.csvColumns, ...LIMITS.csvOptionalColumns];

const EXAMPLE_ROW: Record<(typeof TEMPLATE_COLUMNS)[number], string> = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  employeeNumber: 'EMP001',
  department: 'Finance',
};

/** The import template offered for download: the header the importer reads (department optional) and one example row. */
export const EMPLOYEES_CSV_TEMPLATE = `${TEMPLATE_COLUMNS.join(',')}\r\n${TEMPLATE_COLUMNS.map((c) => EXAMPLE_ROW[c]).join(',')}\r\n`;
