import { isAccessRefused } from '../api/transport';

/** An error in a sentence, with Try again where trying again can help (never for a page the server no longer knows). */
export function ErrorBanner({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-banner" role="alert">
      <span>{message}</span>
      {onRetry && !isAccessRefused(message) && (
        <button type="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
