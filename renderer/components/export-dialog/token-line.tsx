import { useExportStore } from '../../stores/export/store';
import { useNavigationStore } from '../../stores/navigation/store';

/** Which Hugging Face token a push would use, or that there is none (with the way to Settings, closing the dialog). */
export function TokenLine() {
  const token = useExportStore((store) => store.hubToken);
  const close = useExportStore((store) => store.close);
  const navigate = useNavigationStore((store) => store.navigate);
  const onOpenSettings = () => {
    close();
    navigate({ view: 'settings' });
  };
  if (!token) return null;
  if (token.source === 'missing') {
    return (
      <p className="export-token export-token-missing" role="status">
        No Hugging Face token: the push would fail.{' '}
        <button type="button" className="link-button" onClick={onOpenSettings}>
          Set one in Settings
        </button>
      </p>
    );
  }
  const where =
    token.source === 'environment'
      ? 'HF_TOKEN from the environment'
      : token.storage === 'encrypted'
        ? 'the token stored in Settings'
        : 'the token set in Settings (kept in memory until the server stops)';
  return (
    <p className="export-token" role="status">
      Pushes with {where}.
    </p>
  );
}
