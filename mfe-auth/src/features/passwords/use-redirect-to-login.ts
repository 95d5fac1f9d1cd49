import { ROUTES } from '@portal/shared-contracts/routes';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useEffect, useRef } from 'react';

/**
 * Goes to login `TIMINGS.redirectMs` after it is called (time to read the success message); cancelled
 * on unmount, and dropped when the address has changed meanwhile: the visitor went somewhere else
 * (the mailed reset link opened in this tab, a link followed), and the page still on screen is only
 * waiting for the next one to load, which the shell draws once its code has come.
 */
export function useRedirectToLogin(): () => void {
  const platform = usePlatform();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    const from = window.location.href;
    timer.current = setTimeout(() => {
      if (window.location.href === from) platform.navigate(ROUTES.login);
    }, TIMINGS.redirectMs);
  };
}
