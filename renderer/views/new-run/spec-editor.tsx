import { useShallow } from 'zustand/react/shallow';
import { AxesEditor } from './axes-editor';
import { PromptEditor } from './prompt-editor';
import { ToolsEditor } from './tools-editor';

import { useNewRunStore } from '../../stores/new-run/store';

/** The drafted spec, for review and editing before a run. */
export function SpecEditor() {
  const { name, domain } = useNewRunStore(useShallow((state) => ({ name: state.spec?.name ?? '', domain: state.spec?.domain ?? '' })));
  return (
    <section className="panel spec-editor" aria-labelledby="spec-title">
      <header className="spec-head">
        <h2 id="spec-title">Spec</h2>
        <span className="spec-name">{name}</span>
        <span className="badge" title="The domain bank the drafter chose, or generic">
          {domain}
        </span>
      </header>
      <PromptEditor />
      <ToolsEditor />
      <AxesEditor />
    </section>
  );
}
