// The export worker of the desktop app, bundled by main/electron/build.ts: the training worker with the store's page
// source built in. From source, the workers start through tsx and load the page source by its URL instead.
import { serveTrainingPages } from '../../../engine/node/index';
import * as pages from './export-page-source';

serveTrainingPages(pages);
