import { readSetting, writeSetting } from '../services/settings-service';
import type { HandlersOf } from './handler';

export const settingsHandlers: HandlersOf<'settings'> = {
  'settings.get': (context, input) => readSetting(context, input.key),
  'settings.set': (context, input) => writeSetting(context, input.key, input.value),
};
