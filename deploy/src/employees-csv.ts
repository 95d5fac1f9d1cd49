import { LIMITS } from '@portal/shared-contracts';

const EXAMPLE_ROW: Record<(typeof LIMITS.csvColumns)[number], string> = {
  firstName: 'Jane',
  lastName: 'Doe',
  email: 'jane.doe@example.com',
  employeeNumber: 'EMP001',
};

/** The import template offered for download: the header the importer expects and one example row. */
export const EMPLOYEES_CSV_TEMPLATE = `${LIMITS.csvColumns.join(',')}\r\n${LIMITS.csvColumns.map((c) => EXAMPLE_ROW[c]).join(',')}\r\n`;
