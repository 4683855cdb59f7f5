// The bundled-entry shape (a worker that passes its page module in) started from source, for the tests.
import { register } from 'tsx/esm/api';

register();
await import('./refund-pages-worker.ts');
