// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// The design system's public face. Import tokens once in the shell: `import '@portal/shared-ui/tokens.css'`.
export { Badge, type BadgeTone } from './components/badge';
export { BrandMark, type BrandMarkProps } from './components/brand-mark';
export { Button, type ButtonProps, type ButtonVariant } from './components/button';
export { Card, Panel, EmptyState, type CardProps } from './components/card';
export { Checkbox, type CheckboxProps } from './components/checkbox';
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { cx } from './components/cx';
export { DropdownMenu, type DropdownMenuItem, type DropdownMenuProps } from './components/dropdown-menu';
export { FormErrorList, type FormErrorListProps } from './components/form-error-list';
export { HeaderBell, HeaderBellItem, type HeaderBellItemProps, type HeaderBellProps } from './components/header-bell';
export { Modal, ModalClose, type ModalProps } from './components/modal';
export { MonthPicker, currentMonth, formatMonth, type MonthPickerProps, type MonthValue } from './components/month-picker';
export { preloadOverlays } from './components/overlays';
export { PagedList, pageLocally, type ListQueryState, type PageAnswer, type PagedListProps } from './components/paged-list';
export { Pagination, type PaginationProps } from './components/pagination';
export { PasswordField, type PasswordFieldProps } from './components/password-field';
export { Popover, PopoverClose, type PopoverProps } from './components/popover';
export { SearchBox, type SearchBoxProps } from './components/search-box';
export { Select, type SelectOption, type SelectProps } from './components/select';
export { Spinner, type SpinnerProps } from './components/spinner';
export { Table, TableRoot, Td, Th, Tr, type TableColumn, type TableProps } from './components/table';
export { Tabs, type TabItem, type TabsProps } from './components/tabs';
export { Textarea, type TextareaProps } from './components/textarea';
export { TextField, type TextFieldProps } from './components/text-field';
export { createToastStore, type ToastItem, type ToastKind, type ToastStore } from './components/toast-store';
export { Toaster, type ToasterProps } from './components/toaster';
export { VisuallyHidden } from './components/visually-hidden';
export { useDebouncedValue } from './hooks/use-debounced-value';
export { usePagedSearch, type PagedSearch, type PagedSearchOptions } from './hooks/use-paged-search';
