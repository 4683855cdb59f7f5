// A bundled worker entry, as the desktop app ships its export worker: the refund fixture's pages, built in. The
// export bench bundles this file (esbuild) and starts its workers from the bundle.
import * as pages from '../../__fixtures__/refund-pages';
import { serveTrainingPages } from '../training-worker-serve';

serveTrainingPages(pages);
