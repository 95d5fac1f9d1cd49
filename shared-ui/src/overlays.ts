// Consumers compile this source (no build step), so they need the CSS Module typings with it.
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./css-modules.d.ts" />
// Overlays: modals, menus, popovers and toasts. A shared module of its own; each overlay's
// implementation (Radix, floating-ui) is fetched when one of its kind first opens.
export { ConfirmDialog, type ConfirmDialogProps } from './components/confirm-dialog';
export { DropdownMenu, type DropdownMenuItem, type DropdownMenuProps } from './components/dropdown-menu';
export { HeaderBell, HeaderBellItem, type HeaderBellItemProps, type HeaderBellProps } from './components/header-bell';
export { Modal, ModalClose, type ModalProps } from './components/modal';
export { preloadOverlays } from './components/overlays';
export { Popover, PopoverClose, type PopoverProps } from './components/popover';
export { createToastStore, type ToastItem, type ToastKind, type ToastStore } from './components/toast-store';
export { Toaster, type ToasterProps } from './components/toaster';
