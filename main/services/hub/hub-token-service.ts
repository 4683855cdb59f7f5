import type { HubTokenStatus } from '../../../shared/api/settings';
import type { AppContext } from '../app/app-context';
import { deleteHubToken, hubTokenState, type KeyStore, resolveHubToken, setHubToken } from '../settings/secrets';

/** Where this app keeps a Hugging Face token: the desktop's encrypted key file, else this process's memory. */
function tokenStore(context: AppContext): KeyStore {
  return context.keys ?? context.sessionSecrets;
}

const storage = (context: AppContext): HubTokenStatus['storage'] => (context.keys ? 'encrypted' : 'memory');

/** The token a push uses (HF_TOKEN, else the stored one); for the main process only, never an answer to the renderer. */
export function hubTokenOf(context: AppContext): string | undefined {
  return resolveHubToken(tokenStore(context));
}

export function hubTokenStatus(context: AppContext): HubTokenStatus {
  return { ...hubTokenState(tokenStore(context)), storage: storage(context) };
}

export function storeHubToken(context: AppContext, value: string): HubTokenStatus {
  return { ...setHubToken(tokenStore(context), value), storage: storage(context) };
}

export function forgetHubToken(context: AppContext): HubTokenStatus & { deleted: boolean } {
  return { ...deleteHubToken(tokenStore(context)), storage: storage(context) };
}
