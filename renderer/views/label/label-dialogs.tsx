import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { LabelValue } from '../../../shared/domain';
import { useLabelingStore } from '../../stores/labeling/store';
import { LABEL_KEYS, MOVE_KEYS, SCROLL_KEYS } from './use-label-hotkeys';

interface NameFormProps {
  current: string | null;
  pendingLabel: LabelValue | null;
  isSaving: boolean;
  error: string | null;
  onSave(name: string): Promise<boolean>;
  onUnsigned(): void;
}

function NameForm(props: NameFormProps) {
  const [name, setName] = useState(props.current ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void props.onSave(name);
  };
  return (
    <form onSubmit={submit} className="queue-dialog-form">
      <label>
        Your name
        <input autoFocus type="text" value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
      </label>
      {props.error && (
        <p className="error-text" role="alert">
          {props.error}
        </p>
      )}
      <div className="queue-dialog-actions">
        {props.pendingLabel && (
          <button type="button" onClick={props.onUnsigned}>
            Label unsigned
          </button>
        )}
        <button type="submit" className="primary" disabled={props.isSaving}>
          {props.isSaving ? 'Saving…' : props.pendingLabel ? `Save and label ${props.pendingLabel.replace('_', ' ')}` : 'Save'}
        </button>
      </div>
    </form>
  );
}

/** Asked once, before the first label when no name is set: every label is signed with it. */
export function NameDialog() {
  const { dialog, current, saveName, labelUnsigned, closeNameDialog } = useLabelingStore(
    useShallow((state) => ({
      dialog: state.nameDialog,
      current: state.annotator,
      saveName: state.saveName,
      labelUnsigned: state.labelUnsigned,
      closeNameDialog: state.closeNameDialog,
    })),
  );
  return (
    <Dialog.Root open={dialog.isOpen} onOpenChange={(open) => !open && closeNameDialog()}>
      <Dialog.Portal>
        {/* Our own backdrop: Radix's overlay injects a <style> tag, which the strict CSP refuses. */}
        <div className="dialog-backdrop" aria-hidden="true" />
        <Dialog.Content className="queue-dialog">
          <Dialog.Title className="queue-dialog-title">Who is labelling?</Dialog.Title>
          <Dialog.Description className="muted">
            Every label is signed with this name (kept in Settings). Gold nobody signed is unmeasured: it cannot measure the judge. Two
            people signing the same rows give human–human agreement.
          </Dialog.Description>
          <NameForm
            current={current}
            pendingLabel={dialog.pendingLabel}
            isSaving={dialog.isSaving}
            error={dialog.error}
            onSave={saveName}
            onUnsigned={labelUnsigned}
          />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** `?`: every key of the queue. */
export function ShortcutsDialog({ isOpen, onClose }: { isOpen: boolean; onClose(): void }) {
  const rows: [string, string][] = [
    ...LABEL_KEYS.map(({ key, name }): [string, string] => [key, `${name}, then the next row`]),
    [MOVE_KEYS.undo.shown, 'Undo the last label of this session (it is kept in the history)'],
    [MOVE_KEYS.next.shown, 'Next row'],
    [MOVE_KEYS.previous.shown, 'Previous row'],
    ...Object.values(SCROLL_KEYS).map(({ shown, name }): [string, string] => [shown, name]),
    [MOVE_KEYS.settlePass.shown, 'Settle a conflict between annotators as pass'],
    [MOVE_KEYS.settleFail.shown, 'Settle a conflict between annotators as fail'],
    [MOVE_KEYS.note.shown, 'Write a note (sent with the next label)'],
    ['Enter', 'In the note: keep it (re-sent with the row’s label) and go back to the keys'],
    [MOVE_KEYS.queue.shown, 'From the note, the Order list, the Blind box or any button: give the keys back to the queue'],
    [MOVE_KEYS.help.shown, 'These shortcuts'],
  ];
  return (
    <Dialog.Root open={isOpen} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <div className="dialog-backdrop" aria-hidden="true" />
        <Dialog.Content className="queue-dialog shortcuts-dialog">
          <div className="queue-dialog-head">
            <Dialog.Title className="queue-dialog-title">Keyboard shortcuts</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-button" aria-label="Close">
                <X size={14} aria-hidden="true" />
              </button>
            </Dialog.Close>
          </div>
          <Dialog.Description className="muted">
            Each label is stored the moment its key is pressed. Keys do nothing while you type in the note; on the Order list or the Blind
            box they act on the queue, never on the control.
          </Dialog.Description>
          <table className="stat-table shortcuts-table" aria-label="Shortcuts">
            <tbody>
              {rows.map(([key, action]) => (
                <tr key={key}>
                  <th scope="row">
                    <kbd>{key}</kbd>
                  </th>
                  <td>{action}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
