import { create } from 'zustand';
import { api, type ApiClient } from '../../api/client';
import { createConversationsActions, type ConversationsActions } from './actions';
import { initialConversationsState, type ConversationsState } from './initial-state';

export function createConversationsStore(client: () => ApiClient = api) {
  return create<ConversationsState & ConversationsActions>()((set, get) => ({
    ...initialConversationsState,
    ...createConversationsActions(set, get, client),
  }));
}

export const useConversationsStore = createConversationsStore();
