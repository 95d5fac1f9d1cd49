import { useEffect } from 'react';
import { pageTitle } from '@portal/shared-contracts/page-titles';

/** Names the page in the browser tab and history: "<page> · <product>". */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = pageTitle(page);
  }, [page]);
}
