import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { capSearch, SEARCH_MAX_CHARS } from '../../stores/conversations/query';

/** One line beside the box, so the toolbar keeps its height. */
/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * Free-text search over prompts, messages and final texts; runs when typing pauses, or at once on Enter. Text past
 * the contract's limit is cut (a long paste still searches its start) and the box says so.
 */
export function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [draft, setDraft] = useState(value);
  const [wasCut, setWasCut] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setDraft(value), [value]);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  const submit = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (text.trim() !== value.trim()) onSearch(text);
  };

  return (
    <>
      <div className="search-box">
        <Search size={14} aria-hidden="true" />
        <input
          type="search"
          aria-label="Search conversations"
          aria-describedby={wasCut ? 'search-cut-note' : undefined}
          placeholder="Search prompts, messages and answers"
          value={draft}
          onChange={(event) => {
            const { search: text, cut } = capSearch(event.target.value);
            setDraft(text);
            setWasCut(cut);
            if (timer.current) clearTimeout(timer.current);
            timer.current = setTimeout(() => submit(text), SEARCH_DEBOUNCE_MS);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') submit(draft);
          }}
        />
      </div>
      <span id="search-cut-note" className="muted search-note" role="status">
        {wasCut ? `Searching the first ${SEARCH_MAX_CHARS} characters only.` : ''}
      </span>
    </>
  );
}
