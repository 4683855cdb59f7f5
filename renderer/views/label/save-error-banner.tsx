import { useShallow } from 'zustand/react/shallow';
import { useLabelingStore } from '../../stores/labeling/store';

/** A label main refused, undone on screen until the person tries again, goes to its row, or dismisses it. */
export function SaveErrorBanner() {
  const { saveError, retrySave, goTo, dismissSaveError } = useLabelingStore(
    useShallow((state) => ({
      saveError: state.saveError,
      retrySave: state.retrySave,
      goTo: state.goTo,
      dismissSaveError: state.dismissSaveError,
    })),
  );
  if (!saveError) return null;
  return (
    <div className="error-banner" role="alert">
      <span>
        The label <strong>{saveError.label.replace('_', ' ')}</strong> on row #{saveError.ordinal} was not saved and has been undone:{' '}
        {saveError.message}
      </span>
      <button type="button" onClick={retrySave}>
        Try again
      </button>
      <button type="button" onClick={() => goTo(saveError.position)}>
        Go to row #{saveError.ordinal}
      </button>
      <button type="button" onClick={dismissSaveError}>
        Dismiss
      </button>
    </div>
  );
}
