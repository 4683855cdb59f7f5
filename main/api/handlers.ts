import type { Method } from '../../shared/api';
import { agreementHandlers } from './agreement-handlers';
import { appHandlers } from './app-handlers';
import { coverageHandlers } from './coverage-handlers';
import { exportsHandlers } from './exports-handlers';
import { gradesHandlers } from './grades-handlers';
import type { Handler } from './handler';
import { labelsHandlers } from './labels-handlers';
import { modelsHandlers } from './models-handlers';
import { proveHandlers } from './prove-handlers';
import { rowsHandlers } from './rows-handlers';
import { runsHandlers } from './runs-handlers';
import { settingsHandlers } from './settings-handlers';
import { specsHandlers } from './specs-handlers';
import { tracesHandlers } from './traces-handlers';

/** One handler per contract method, gathered from one file per noun. */
export const handlers: { [M in Method]: Handler<M> } = {
  ...appHandlers,
  ...runsHandlers,
  ...specsHandlers,
  ...rowsHandlers,
  ...coverageHandlers,
  ...gradesHandlers,
  ...labelsHandlers,
  ...agreementHandlers,
  ...modelsHandlers,
  ...settingsHandlers,
  ...exportsHandlers,
  ...tracesHandlers,
  ...proveHandlers,
};
