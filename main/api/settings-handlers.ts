import { forgetHubToken, hubTokenStatus, storeHubToken } from '../services/hub/hub-token-service';
import { readSetting, writeSetting } from '../services/settings/settings-service';
import type { HandlersOf } from './handler';

export const settingsHandlers: HandlersOf<'settings'> = {
  'settings.get': (context, input) => readSetting(context, input.key),
  'settings.set': (context, input) => writeSetting(context, input.key, input.value),
  'settings.hubToken': (context) => hubTokenStatus(context),
  'settings.setHubToken': (context, input) => storeHubToken(context, input.value),
  'settings.deleteHubToken': (context) => forgetHubToken(context),
};
