import { useEffect, useState } from 'react';

/**
 * The value once it has stopped changing for `ms` (a search box asks the server once per pause, not
 * per key). `ms` of 0 or less passes the value straight through, for lists searched in the page.
 */
export function useDebouncedValue<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    if (ms <= 0) return;
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return ms <= 0 ? value : settled;
}
