import { ServiceError } from '../app/service-error';
import { HubTimeoutError } from './hub-fetch';

/** The HTTP status of the Hub library's HubApiError (read by shape: the library loads only when a push starts). */
const statusOf = (error: unknown): number | null => {
  const failure = error as { statusCode?: unknown; url?: unknown } | null;
  return error instanceof Error && typeof failure?.statusCode === 'number' && typeof failure.url === 'string' ? failure.statusCode : null;
};

const seconds = (milliseconds: number) => `${(milliseconds / 1000).toLocaleString('en-US', { maximumFractionDigits: 1 })} s`;

/**
 * A failed push as a sentence a person can act on: the Hub unreachable or silent, the token refused (naming HF_TOKEN),
 * the repository changed under the push; null for anything else. Every one says nothing was pushed and where the files are.
 */
export function pushErrorOf(error: unknown, push: { url: string; repo_id: string; folder: string }): ServiceError | null {
  const kept = `The push did not finish; the files stay in ${push.folder}.`;
  if (HubTimeoutError.isInstance(error)) {
    return new ServiceError(
      'MODEL_ERROR',
      `The Hugging Face Hub at ${push.url} did not answer within ${seconds(error.milliseconds)} (it took the connection, ` +
        `then sent nothing back): check the Hub address (HF_ENDPOINT) and the network. ${kept}`,
    );
  }
  if (error instanceof TypeError && error.message === 'fetch failed') {
    const cause = (error as TypeError & { cause?: { code?: unknown; message?: unknown } }).cause;
    const why = typeof cause?.code === 'string' ? cause.code : typeof cause?.message === 'string' ? cause.message : 'no answer';
    return new ServiceError(
      'MODEL_ERROR',
      `Could not reach the Hugging Face Hub at ${push.url} (${why}): check the network and the Hub address (HF_ENDPOINT). ${kept}`,
    );
  }
  switch (statusOf(error)) {
    case 401:
      return new ServiceError(
        'VALIDATION_FAILED',
        `The Hugging Face Hub refused the token (401 Unauthorized): HF_TOKEN (or the token stored in Settings) is not a valid ` +
          `token, or it has expired. Set HF_TOKEN to a write token from ${push.url}/settings/tokens. ${kept}`,
      );
    case 403:
      return new ServiceError(
        'VALIDATION_FAILED',
        `The token may not write to ${push.repo_id} (403 Forbidden): give HF_TOKEN write access to it, or push to a repository ` +
          `you own. ${kept}`,
      );
    case 409:
    case 412:
      return new ServiceError(
        'CONFLICT',
        `${push.repo_id} changed while this push was under way (another commit landed first), so nothing was committed: push ` +
          `again to start from that commit. ${kept}`,
      );
    default:
      return null;
  }
}
