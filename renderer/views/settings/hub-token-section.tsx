import { useState, type FormEvent } from 'react';
import type { HubTokenStatus } from '../../../shared/api/settings';
import { WarningsBanner } from '../../components/warnings-banner';
import type { Section } from '../../stores/preferences/initial-state';
import { SectionMessages } from './section-messages';

interface HubTokenSectionProps {
  section: Section<HubTokenStatus>;
  onSet(value: string): Promise<boolean>;
  onDelete(): Promise<boolean>;
}

function sourceWords(status: HubTokenStatus): string {
  switch (status.source) {
    case 'environment':
      return 'HF_TOKEN from the environment';
    case 'stored':
      return status.storage === 'encrypted' ? 'Stored in this app (encrypted)' : 'Set here (in memory until the server stops)';
    case 'missing':
      return 'Not set';
    default: {
      const unreachable: never = status.source;
      return unreachable;
    }
  }
}

/** The write token a Hub push uses: HF_TOKEN wins; else the one kept here (never sent back to this page). */
export function HubTokenSection({ section, onSet, onDelete }: HubTokenSectionProps) {
  const [value, setValue] = useState('');
  const status = section.value;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSet(value)) setValue('');
  };
  return (
    <section className="settings-section" aria-labelledby="settings-hub-title">
      <h2 id="settings-hub-title" className="settings-section-title">
        Hugging Face token
      </h2>
      {status && <WarningsBanner warnings={status.warnings} degraded={[]} />}
      <p className="settings-hint">
        A write token (it starts with hf_) for pushing datasets to the Hub. It is never written to the run store, logs or exports.
      </p>
      {status && (
        <p className="settings-line">
          <span>Token</span>
          <span className={`key-source key-source-${status.source}`} aria-label="Hugging Face token source">
            {sourceWords(status)}
          </span>
        </p>
      )}
      {status?.storage === 'memory' && (
        <p className="settings-hint settings-explain" role="note">
          Browser mode keeps a token set here in the server’s memory only: nothing is written to disk, and it is gone when the server stops.
          To keep one across restarts, start the server with <code>HF_TOKEN=hf_… npm run serve</code>.
        </p>
      )}
      <form className="settings-line" onSubmit={(event) => void submit(event)}>
        <label htmlFor="settings-hub-token">New token</label>
        <input
          id="settings-hub-token"
          type="password"
          autoComplete="off"
          placeholder="hf_…"
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <button type="submit" disabled={section.isSaving || value.trim() === ''}>
          Store token
        </button>
        {status && status.source !== 'missing' && (
          <button type="button" disabled={section.isSaving} onClick={() => void onDelete()}>
            Delete the stored token
          </button>
        )}
      </form>
      <SectionMessages section={section} />
    </section>
  );
}
