import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';

const B = ENDPOINTS.billing;

/** The company's subscription and invoices; the invoice job is `job.ts`. */
export const billingModule = apiModule('billing', [
  implement(B.billing, h.get),
  implement(B.history, h.history),
  implement(B.historyPage, h.historyPage),
  implement(B.start, h.start),
  implement(B.cancel, h.cancel),
  implement(B.resume, h.resume),
  implement(B.invoicePdf, h.invoicePdf),
]);
