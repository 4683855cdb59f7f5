import { checkModels, deleteModelKey, listModelKeys, setModelKey } from '../services/settings/models-service';
import type { HandlersOf } from './handler';

export const modelsHandlers: HandlersOf<'models'> = {
  'models.keys': (context) => listModelKeys(context),
  'models.setKey': (context, input) => setModelKey(context, input.variable, input.value),
  'models.deleteKey': (context, input) => deleteModelKey(context, input.variable),
  'models.check': (context, input) => checkModels(context, input.models),
};
