import type { StoreApi } from 'zustand';
import type { ApiClient } from '../../api/client';
import { createGradeActions, type GradeActions, type GradingActionOptions } from './grade-actions';
import type { GradingState } from './initial-state';
import { createLabelActions, type LabelActions } from './label-actions';
import { createSettleActions, type SettleActions } from './settle-actions';

export type GradingActions = GradeActions & LabelActions & SettleActions;
export type { GradingActionOptions };

export function createGradingActions(
  set: StoreApi<GradingState>['setState'],
  get: () => GradingState,
  client: () => ApiClient,
  options: GradingActionOptions = {},
): GradingActions {
  return {
    ...createGradeActions(set, get, client, options),
    ...createLabelActions(set, get, client),
    ...createSettleActions(set, get, client),
  };
}
