import { config } from 'zod/mini';
import { en } from 'zod/locales';

// zod/mini carries no messages of its own ("Invalid input" for everything); English is what the
// api answers with (full zod installs it), so a check without a message of the contracts reads
// the same in the browser as from the server.
config(en());
