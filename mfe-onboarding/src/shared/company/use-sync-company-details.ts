import { usePlatform } from '@portal/shared-contracts/platform';
import type { Company } from '@portal/shared-contracts';
import { useEffect, useRef } from 'react';

/**
 * Keeps the session's stored company details in step with what the server last answered, so that
 * other features reading `session.companyDetails` (e.g. the company name) see location and detail edits.
 */
export function useSyncCompanyDetails(company: Company | undefined) {
  const { auth } = usePlatform();
  // Only a new answer triggers an update: a session update re-renders us with a new platform value.
  const authRef = useRef(auth);
  authRef.current = auth;
  useEffect(() => {
    if (company) authRef.current.updateSession({ companyDetails: company });
  }, [company]);
}
