import { useState, type FormEvent } from 'react';
import type { KeysOutput, KeyStatus } from '../../../shared/api/models';
import { WarningsBanner } from '../../components/warnings-banner';
import type { Section } from '../../stores/preferences/initial-state';
import { describeKeySource, describeKeyVariable } from '../../stores/preferences/selectors';
import { SectionMessages } from './section-messages';

interface KeysSectionProps {
  section: Section<KeysOutput>;
  onSet(variable: string, value: string): Promise<boolean>;
  onDelete(variable: string): Promise<boolean>;
}

function KeyRow({
  status,
  canStore,
  isSaving,
  onSet,
  onDelete,
}: { status: KeyStatus; canStore: boolean; isSaving: boolean } & Pick<KeysSectionProps, 'onSet' | 'onDelete'>) {
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSet(status.variable, value)) setValue('');
  };
  return (
    <tr>
      <th scope="row">
        <code>{status.variable}</code>
        <span className="settings-hint settings-key-for">{describeKeyVariable(status.variable)}</span>
      </th>
      <td>
        <span className={`key-source key-source-${status.source}`} aria-label={`${status.variable} source`}>
          {describeKeySource(status.source)}
        </span>
      </td>
      {canStore && (
        <td>
          <form className="settings-line" onSubmit={(event) => void submit(event)}>
            <input
              type="password"
              autoComplete="off"
              aria-label={`New value for ${status.variable}`}
              placeholder={status.source === 'stored' ? 'replace the stored key' : 'paste a key'}
              value={value}
              onChange={(event) => setValue(event.target.value)}
            />
            <button type="submit" disabled={isSaving || value.trim() === ''}>
              Store
            </button>
            {status.source === 'stored' && (
              <button type="button" disabled={isSaving} onClick={() => void onDelete(status.variable)}>
                Delete
              </button>
            )}
          </form>
        </td>
      )}
    </tr>
  );
}

function AddServerKey({ isSaving, onSet }: { isSaving: boolean; onSet: KeysSectionProps['onSet'] }) {
  const [variable, setVariable] = useState('WAI_KEY_');
  const [value, setValue] = useState('');
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (await onSet(variable.trim(), value)) {
      setVariable('WAI_KEY_');
      setValue('');
    }
  };
  return (
    <form className="settings-line" onSubmit={(event) => void submit(event)} aria-label="Add a compatible server's key">
      <label htmlFor="settings-server-key-name">Another server’s key</label>
      <input
        id="settings-server-key-name"
        type="text"
        className="mono"
        spellCheck={false}
        value={variable}
        onChange={(event) => setVariable(event.target.value.toUpperCase())}
      />
      <input
        type="password"
        autoComplete="off"
        aria-label="Its value"
        placeholder="paste a key"
        value={value}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" disabled={isSaving || value.trim() === '' || variable.trim() === 'WAI_KEY_'}>
        Store
      </button>
    </form>
  );
}

/**
 * Which key variables are set and where from (never their values). The desktop app stores keys encrypted by the OS
 * keychain; browser mode reads them from the environment of the process that started the server.
 */
export function KeysSection({ section, onSet, onDelete }: KeysSectionProps) {
  const keys = section.value;
  const canStore = keys?.can_store ?? false;
  return (
    <section className="settings-section" aria-labelledby="settings-keys-title">
      <h2 id="settings-keys-title" className="settings-section-title">
        Model API keys
      </h2>
      {keys && <WarningsBanner warnings={keys.warnings} degraded={[]} />}
      {keys && !canStore && (
        <div className="settings-explain" role="note">
          <p>
            <strong>Browser mode reads keys from the environment of the process that started the server;</strong> they cannot be stored from
            this page.
          </p>
          <p>
            To set one, stop the server (Ctrl-C) and start it again with the variable set, for example{' '}
            <code>OPENAI_API_KEY=sk-… npm run serve</code> (or <code>export ANTHROPIC_API_KEY=…</code> in that shell first). A compatible
            server’s own key is <code>WAI_KEY_&lt;HOST&gt;_&lt;PORT&gt;</code>.
          </p>
        </div>
      )}
      {keys && canStore && (
        <p className="settings-hint">
          Stored keys are encrypted by the operating system’s keychain and kept only on this machine; a variable set in the environment wins
          over a stored key.
        </p>
      )}
      {section.status === 'loading' && (
        <p className="settings-hint" role="status">
          Reading the keys…
        </p>
      )}
      {keys && (
        <table className="settings-table" aria-label="Model API keys">
          <thead>
            <tr>
              <th scope="col">Variable</th>
              <th scope="col">Source</th>
              {canStore && <th scope="col">Store a key</th>}
            </tr>
          </thead>
          <tbody>
            {keys.keys.map((status) => (
              <KeyRow
                key={status.variable}
                status={status}
                canStore={canStore}
                isSaving={section.isSaving}
                onSet={onSet}
                onDelete={onDelete}
              />
            ))}
          </tbody>
        </table>
      )}
      {keys && canStore && <AddServerKey isSaving={section.isSaving} onSet={onSet} />}
      <SectionMessages section={section} />
    </section>
  );
}
