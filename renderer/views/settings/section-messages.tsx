import type { Section } from '../../stores/preferences/initial-state';

/** A section's refusal (an alert) or what its last change did (a status line). */
export function SectionMessages({ section }: { section: Section<unknown> }) {
  return (
    <>
      {section.error && (
        <p className="settings-error" role="alert">
          {section.error}
        </p>
      )}
      {section.notes.length > 0 && (
        <p className="settings-notes" role="status">
          {section.notes.join(' ')}
        </p>
      )}
    </>
  );
}
