import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';

/** How long typing pauses before the search runs. */
export const SEARCH_DEBOUNCE_MS = 250;

/** Free-text search over prompts, messages and final texts; runs when typing pauses, or at once on Enter. */
export function SearchBox({ value, onSearch }: { value: string; onSearch(search: string): void }) {
  const [draft, setDraft] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => setDraft(value), [value]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const submit = (text: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (text.trim() !== value.trim()) onSearch(text);
  };

  return (
    <div className="search-box">
      <Search size={14} aria-hidden="true" />
      <input
        type="search"
        aria-label="Search conversations"
        placeholder="Search prompts, messages and answers"
        value={draft}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          if (timer.current) clearTimeout(timer.current);
          timer.current = setTimeout(() => submit(text), SEARCH_DEBOUNCE_MS);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') submit(draft);
        }}
      />
    </div>
  );
}
