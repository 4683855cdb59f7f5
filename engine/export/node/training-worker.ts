// Worker entry from source: serves the pages of the module the caller named (see training-worker-serve.ts).
import { serveTrainingPages } from './training-worker-serve';

serveTrainingPages();
