import { ROUTES } from '@portal/shared-contracts/routes';
import { TIMINGS } from '@portal/shared-contracts/constants';
import { usePlatform } from '@portal/shared-contracts/platform';
import { useEffect, useRef } from 'react';

/** Goes to login `TIMINGS.redirectMs` after it is called (time to read the success message); cancelled on unmount. */
export function useRedirectToLogin(): () => void {
  const platform = usePlatform();
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    timer.current = setTimeout(() => platform.navigate(ROUTES.login), TIMINGS.redirectMs);
  };
}
