/**
 * How screens and the api name people and offices: plain functions with no schema behind them, so a
 * remote or shared-ui module that only names things does not bundle the entities' schemas.
 */

/** A person's name as the portal shows it (an employee, a driver, a join request): first name, then last. */
export function fullName(p: { firstName: string; lastName: string }): string {
  return `${p.firstName} ${p.lastName}`.trim();
}

/**
 * An office (one of the company's locations) as every screen names it: its first address line and
 * town ("1 Park Row, Leeds"). The CSV's `office` column matches it too.
 */
export function officeLabel(l: { addressLine1: string; town?: string | null }): string {
  return [l.addressLine1, l.town].filter(Boolean).join(', ');
}
