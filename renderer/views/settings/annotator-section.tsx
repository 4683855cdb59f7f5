import { useEffect, useState, type FormEvent } from 'react';
import type { Section } from '../../stores/preferences/initial-state';
import { SectionMessages } from './section-messages';

/** The name stamped as author on every label this person gives. */
export function AnnotatorSection({
  section,
  onSave,
}: {
  section: Section<{ name: string | null }>;
  onSave(name: string): Promise<boolean>;
}) {
  const stored = section.value?.name ?? '';
  const [name, setName] = useState(stored);
  useEffect(() => setName(stored), [stored]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void onSave(name);
  };
  return (
    <section className="settings-section" aria-labelledby="settings-annotator-title">
      <h2 id="settings-annotator-title" className="settings-section-title">
        Annotator
      </h2>
      <p className="settings-hint">
        Every label you give is signed with this name: judge agreement is measured against signed gold labels only.
      </p>
      <form className="settings-line" onSubmit={submit}>
        <label htmlFor="settings-annotator">Your name</label>
        <input
          id="settings-annotator"
          type="text"
          value={name}
          placeholder="e.g. Ana"
          maxLength={200}
          disabled={section.status === 'loading'}
          onChange={(event) => setName(event.target.value)}
        />
        <button type="submit" disabled={section.isSaving || name.trim() === stored}>
          {section.isSaving ? 'Saving…' : 'Save'}
        </button>
      </form>
      {section.status === 'ready' && !section.value?.name && (
        <p className="settings-hint settings-warning">
          No name yet: labels you give are unsigned, and unsigned gold is reported as unmeasured.
        </p>
      )}
      <SectionMessages section={section} />
    </section>
  );
}
