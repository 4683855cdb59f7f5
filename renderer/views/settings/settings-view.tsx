import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useAppStore } from '../../stores/app/store';
import { usePreferencesStore } from '../../stores/preferences/store';
import '../../styles/settings.css';
import { AnnotatorSection } from './annotator-section';
import { DataSection } from './data-section';
import { HubTokenSection } from './hub-token-section';
import { KeysSection } from './keys-section';
import { ThemeSection } from './theme-section';

/** The annotator's name, the theme, where model keys and the Hub token come from, and where the data lives. */
export function SettingsView() {
  const state = usePreferencesStore(
    useShallow((store) => ({
      annotator: store.annotator,
      keys: store.keys,
      hubToken: store.hubToken,
      load: store.load,
      saveAnnotator: store.saveAnnotator,
      setKey: store.setKey,
      deleteKey: store.deleteKey,
      setHubToken: store.setHubToken,
      deleteHubToken: store.deleteHubToken,
    })),
  );
  const info = useAppStore((store) => store.info);
  const { load } = state;
  useEffect(() => {
    void load();
  }, [load]);

  return (
    <section className="view settings-view" aria-labelledby="settings-title">
      <header className="view-header">
        <h1 id="settings-title">Settings</h1>
      </header>
      <div className="settings-sections">
        <AnnotatorSection section={state.annotator} onSave={state.saveAnnotator} />
        <ThemeSection />
        <KeysSection section={state.keys} onSet={state.setKey} onDelete={state.deleteKey} />
        <HubTokenSection section={state.hubToken} onSet={state.setHubToken} onDelete={state.deleteHubToken} />
        <DataSection info={info} />
      </div>
    </section>
  );
}
