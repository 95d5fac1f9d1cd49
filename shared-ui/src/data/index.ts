// The design system's data hooks, an entry of their own: they need react-query, which the pages
// without queries (the login page) do not load (docs/decisions/0019-bundle-budgets.md).
export { useApiMutation } from './use-api-mutation';
export { companyQueryOptions, getCompany } from './company';
export { officesOf, useOfficeLabels, useOffices, type OfficeOption } from './offices';
