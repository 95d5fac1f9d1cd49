import { ENDPOINTS } from '@portal/shared-contracts';
import { apiModule } from '../../lib/module';
import { implement } from '../../lib/route';
import * as h from './handlers';
import { multipartSupport } from './multipart';

const E = ENDPOINTS.employees;

/** The employees' list and lifecycle; the CSV import brings its multipart body parser. */
export const employeesModule = apiModule(
  'employees',
  [
    implement(E.selfRegister, h.selfRegister),
    implement(E.bulkAdd, h.bulkAdd),
    implement(E.csvImport, h.csvImport),
    implement(E.rosterPreview, h.rosterPreview),
    implement(E.rosterApply, h.rosterApply),
    implement(E.list, h.list),
    implement(E.pending, h.pending),
    implement(E.get, h.get),
    implement(E.accept, h.accept),
    implement(E.bulkAccept, h.bulkAccept),
    implement(E.bulkReject, h.bulkReject),
    implement(E.reject, h.reject),
    implement(E.deactivate, h.deactivate),
    implement(E.reactivate, h.reactivate),
    implement(E.setOffice, h.setOffice),
    implement(E.remove, h.remove),
  ],
  async (fastify) => {
    await fastify.register(multipartSupport);
  },
);
