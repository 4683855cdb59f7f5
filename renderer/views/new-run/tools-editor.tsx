import { Plus } from 'lucide-react';
import { useShallow } from 'zustand/react/shallow';
import { ChipList } from '../../components/chip-list';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';
import { ToolCard } from './tool-card';
import { NONE, useSpecField } from './use-field';

/** The tools the agent may call, and the identifiers the writer may put in a person's mouth. */
export function ToolsEditor() {
  const { tools, knownIds, addTool, addKnownId, removeKnownId } = useNewRunStore(
    useShallow((state) => ({
      tools: state.spec?.tools ?? NONE,
      knownIds: state.spec?.known_ids ?? NONE,
      addTool: state.addTool,
      addKnownId: state.addKnownId,
      removeKnownId: state.removeKnownId,
    })),
  );
  const toolsField = useSpecField('tools', { exact: true });
  const idsField = useSpecField('known_ids');
  return (
    <section className="spec-section" aria-labelledby="tools-title">
      <div className="section-head">
        <h3 id="tools-title">Tools</h3>
        <span className="muted">
          {tools.length} {tools.length === 1 ? 'tool' : 'tools'}; * marks a required parameter
        </span>
      </div>
      <ul className="tools" aria-labelledby="tools-title">
        {tools.map((tool, index) => (
          <ToolCard key={index} index={index} tool={tool} />
        ))}
      </ul>
      <FieldMessages id="tools-messages" path="tools" {...toolsField} />
      <button type="button" onClick={addTool}>
        <Plus size={13} aria-hidden="true" /> Add tool
      </button>
      <div className="section-head">
        <h3 id="known-ids-title">Known ids</h3>
        <span className="muted">identifiers that exist in the world; without them every lookup is "not found"</span>
      </div>
      <ChipList label="Known ids" values={knownIds} onRemove={removeKnownId} onAdd={addKnownId} monospace placeholder="add an id…" />
      <FieldMessages id="known-ids-messages" path="known_ids" {...idsField} />
    </section>
  );
}
