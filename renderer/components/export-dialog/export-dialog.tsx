import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { selectIsJobActive } from '../../stores/export/selectors';
import { describeSource } from '../../stores/export/source';
import { useExportStore } from '../../stores/export/store';
import { ErrorBanner } from '../error-banner';
import '../../styles/export-dialog.css';
import { ExportJob } from './export-job';
import { ExportOptions } from './export-options';

/**
 * The one Export dialog (mounted once by the app): what to train, the format, the splits, what to decontaminate
 * against and where it goes; the counts and every warning before anything is written; then progress, Cancel, and
 * the result. Opened through `useExportStore().open(source)` from the table, a run or a coverage cell.
 */
export function ExportDialog() {
  const { isOpen, source, hasJob, isActive, error, close } = useExportStore(
    useShallow((store) => ({
      isOpen: store.isOpen,
      source: store.source,
      hasJob: store.job !== null,
      isActive: selectIsJobActive(store),
      error: store.error,
      close: store.close,
    })),
  );
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && close()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's overlay injects a <style> tag, which the strict CSP refuses. */}
        <div className="dialog-backdrop" aria-hidden="true" />
        <Dialog.Content
          className="export-dialog"
          onEscapeKeyDown={(event) => isActive && event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
        >
          <header className="export-dialog-header">
            <div>
              <Dialog.Title className="export-dialog-title">Export</Dialog.Title>
              <Dialog.Description className="export-dialog-source">{source ? describeSource(source) : ''}</Dialog.Description>
            </div>
            <Dialog.Close asChild>
              <button type="button" className="icon-button export-close" aria-label="Close" disabled={isActive}>
                <X size={16} aria-hidden="true" />
              </button>
            </Dialog.Close>
          </header>
          {error && !hasJob && <ErrorBanner message={error} />}
          {hasJob ? <ExportJob /> : <ExportOptions />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
