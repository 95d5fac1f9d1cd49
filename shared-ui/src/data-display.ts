// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// Data display: cards, tables, lists with their paging, search and selection, tabs, badges, the month
// picker, a page's layout, the states of a load, the CSV download and a value to copy.
// A shared module of its own, loaded by the pages that show data (not by the login page).
export { Badge, type BadgeTone } from './components/badge';
export { Card, Panel, EmptyState, type CardProps } from './components/card';
export { CopyField, copyText, type CopyFieldProps } from './components/copy-field';
export { DownloadCsvButton, saveCsv, saveJson, type DownloadCsvButtonProps } from './components/download-csv-button';
export { EmailAddress } from './components/email-address';
export {
  LoadFailed,
  Loading,
  LoadState,
  Skeleton,
  SkeletonBar,
  StaleContent,
  type LoadFailedProps,
  type LoadQuery,
  type LoadStateProps,
} from './components/load-state';
export { MonthPicker, currentMonth, formatMonth, type MonthPickerProps, type MonthValue } from './components/month-picker';
export { Page, TabBody, type PageProps } from './components/page-layout';
export { PagedList, pageLocally, type ListQueryState, type PageAnswer, type PagedListProps } from './components/paged-list';
export { Pagination, type PaginationProps } from './components/pagination';
export { PhoneNumber, loadPhoneFormat, usePhoneFormat, type PhoneNumberProps } from './components/phone-number';
export { SearchBox, type SearchBoxProps } from './components/search-box';
export { Table, TableRoot, Td, Th, Tr, type TableColumn, type TableProps } from './components/table';
export { Tabs, type TabItem, type TabsProps } from './components/tabs';
export { usePagedSearch, type PagedSearch, type PagedSearchOptions } from './hooks/use-paged-search';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { useRowSelection, type RowSelection } from './hooks/use-row-selection';
