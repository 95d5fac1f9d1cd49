import { forwardRef } from 'react';
import { TextField, type TextFieldProps } from './text-field';

export interface SearchBoxProps extends Omit<TextFieldProps, 'type' | 'leading' | 'label'> {
  /** Accessible name; hidden visually unless `showLabel`. */
  label?: string;
  showLabel?: boolean;
}

function SearchIcon() {
  return (
    <svg width="16" height="16" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="8.5" cy="8.5" r="5.5" />
      <path d="M13 13l4 4" />
    </svg>
  );
}

/** A search input with an icon; its label is hidden by default but always present for screen readers. */
export const SearchBox = forwardRef<HTMLInputElement, SearchBoxProps>(function SearchBox({ label = 'Search', showLabel = false, placeholder, ...rest }, ref) {
  return (
    <TextField
      ref={ref}
      type="search"
      role="searchbox"
      label={label}
      hideLabel={!showLabel}
      leading={<SearchIcon />}
      placeholder={placeholder ?? label}
      autoComplete="off"
      {...rest}
    />
  );
});
