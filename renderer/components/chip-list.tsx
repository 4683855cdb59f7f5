import { Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import '../styles/chip-list.css';

export interface ChipListProps {
  /** Names the list for assistive tech and the add/remove buttons ("Remove hurried from Stance"). */
  label: string;
  values: readonly string[];
  onRemove?(value: string): void;
  /** When given, an input adds a value on Enter or with its button. */
  onAdd?(value: string): void;
  /** Indexes of values with a problem, and the problem (shown on the chip). */
  problems?: ReadonlyMap<number, string>;
  monospace?: boolean;
  placeholder?: string;
}

/** Values as removable chips, with an input to add one. */
export function ChipList({ label, values, onRemove, onAdd, problems, monospace, placeholder }: ChipListProps) {
  const [draft, setDraft] = useState('');
  const add = () => {
    if (!onAdd || !draft.trim()) return;
    onAdd(draft.trim());
    setDraft('');
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  };
  return (
    <div className={`chip-list${monospace ? ' chip-list-mono' : ''}`}>
      <ul aria-label={label}>
        {values.map((value, index) => {
          const problem = problems?.get(index);
          return (
            <li key={value} className={problem ? 'chip chip-invalid' : 'chip'} title={problem}>
              <span>{value}</span>
              {onRemove && (
                <button type="button" className="chip-remove" aria-label={`Remove ${value} from ${label}`} onClick={() => onRemove(value)}>
                  <X size={12} aria-hidden="true" />
                </button>
              )}
            </li>
          );
        })}
        {values.length === 0 && <li className="chip-empty">none</li>}
        {onAdd && (
          <li className="chip-add">
            <input
              type="text"
              value={draft}
              aria-label={`Add to ${label}`}
              placeholder={placeholder ?? 'add…'}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKeyDown}
            />
            <button type="button" className="icon-button" aria-label={`Add value to ${label}`} onClick={add} disabled={!draft.trim()}>
              <Plus size={12} aria-hidden="true" />
            </button>
          </li>
        )}
      </ul>
    </div>
  );
}
