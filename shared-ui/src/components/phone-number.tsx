import { useEffect, useState } from 'react';
import type { formatPhoneNumber } from '@portal/shared-contracts/phone';
import styles from './misc.module.css';
import { cx } from './cx';

type Format = typeof formatPhoneNumber;

let loaded: Format | null = null;
let loading: Promise<Format> | null = null;

/**
 * The portal's one phone number formatter (shared-contracts' `formatPhoneNumber`), fetched with the
 * first number a page shows: its metadata is tens of kilobytes that pages without phone numbers never
 * load, and that the pages with them share.
 */
export function loadPhoneFormat(): Promise<Format> {
  loading ??= import('@portal/shared-contracts/phone').then((m) => (loaded = m.formatPhoneNumber));
  return loading;
}

/** The formatter once it has arrived (null until then); the component re-renders when it does. */
export function usePhoneFormat(): Format | null {
  const [format, setFormat] = useState<Format | null>(() => loaded);
  useEffect(() => {
    if (format) return;
    let live = true;
    loadPhoneFormat().then(
      (f) => live && setFormat(() => f),
      (err: unknown) => console.error(err),
    );
    return () => {
      live = false;
    };
  }, [format]);
  return format;
}

export interface PhoneNumberProps {
  /** The number as stored. */
  value: string | null | undefined;
  /** The alpha-2 country of the company the number belongs to: its numbers are written nationally, others internationally. */
  country: string | null | undefined;
  /** Shown when there is no number (the spec's "N/A" where it has one). */
  empty?: string;
  className?: string;
}

/** A phone number as every screen writes it; the text as stored for the moment before the formatter arrives. */
export function PhoneNumber({ value, country, empty = '', className }: PhoneNumberProps) {
  const format = usePhoneFormat();
  const text = (value ?? '').trim();
  if (!text) return <>{empty}</>;
  return (
    <span className={cx(styles.phone, className)} translate="no">
      {format ? format(text, country) : text}
    </span>
  );
}
