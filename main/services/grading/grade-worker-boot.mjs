// Worker entry when running from source: worker threads do not inherit tsx's loader, so register it here.
import { register } from 'tsx/esm/api';

register();
await import('./grade-worker.ts');
