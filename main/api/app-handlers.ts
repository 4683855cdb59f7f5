import { appInfo, chooseFolder } from '../services/app/app-service';
import type { HandlersOf } from './handler';

export const appHandlers: HandlersOf<'app'> = {
  'app.info': (context) => appInfo(context),
  'app.chooseFolder': (context, input) => chooseFolder(context, input),
};
