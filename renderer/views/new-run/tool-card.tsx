import { ChevronRight, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { ToolSpec } from '../../../shared/domain';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';
import { useSpecField } from './use-field';

function parameterNames(tool: ToolSpec): string[] {
  const properties = tool.parameters.properties;
  const required = new Set(Array.isArray(tool.parameters.required) ? (tool.parameters.required as unknown[]) : []);
  if (!properties || typeof properties !== 'object') return [];
  return Object.keys(properties).map((name) => (required.has(name) ? `${name}*` : name));
}

/** One tool: its name, description and JSON-Schema parameters, folded to a line until opened (or until it has a problem). */
export function ToolCard({ index, tool }: { index: number; tool: ToolSpec }) {
  const { text, jsonError, setToolName, setToolDescription, setToolParameters, removeTool } = useNewRunStore(
    useShallow((state) => ({
      text: state.parameterTexts[index] ?? '',
      jsonError: state.parameterErrors[index] ?? null,
      setToolName: state.setToolName,
      setToolDescription: state.setToolDescription,
      setToolParameters: state.setToolParameters,
      removeTool: state.removeTool,
    })),
  );
  const name = useSpecField(`tools.${index}.name`);
  const description = useSpecField(`tools.${index}.description`);
  const parameters = useSpecField(`tools.${index}.parameters`);
  const whole = useSpecField(`tools.${index}`, { exact: true });
  const hasProblem = jsonError !== null || name.isInvalid || description.isInvalid || parameters.isInvalid || whole.isInvalid;
  const [isOpen, setOpen] = useState(false);
  const open = isOpen || hasProblem;
  const id = `tool-${index}`;
  return (
    <li className={`tool-card${hasProblem ? ' tool-card-invalid' : ''}`}>
      <div className="tool-head">
        <button type="button" className="tool-toggle" aria-expanded={open} aria-controls={`${id}-body`} onClick={() => setOpen(!isOpen)}>
          <ChevronRight size={13} aria-hidden="true" className="tool-chevron" />
          <code className="tool-name">{tool.name || 'unnamed tool'}</code>
          <span className="tool-params">({parameterNames(tool).join(', ')})</span>
          <span className="tool-description muted">{tool.description}</span>
        </button>
        <button type="button" className="icon-button" aria-label={`Remove tool ${tool.name}`} onClick={() => removeTool(index)}>
          <Trash2 size={13} aria-hidden="true" />
        </button>
      </div>
      <FieldMessages id={`${id}-messages`} path={`tools.${index}`} {...whole} />
      {open && (
        <div className="tool-body" id={`${id}-body`}>
          <label htmlFor={`${id}-name`}>Name</label>
          <div>
            <input
              id={`${id}-name`}
              type="text"
              className="mono"
              value={tool.name}
              aria-invalid={name.isInvalid || undefined}
              aria-describedby={`${id}-name-messages`}
              onChange={(event) => setToolName(index, event.target.value)}
            />
            <FieldMessages id={`${id}-name-messages`} path={`tools.${index}.name`} {...name} />
          </div>
          <label htmlFor={`${id}-description`}>Description</label>
          <div>
            <textarea
              id={`${id}-description`}
              rows={2}
              value={tool.description}
              aria-describedby={`${id}-description-messages`}
              onChange={(event) => setToolDescription(index, event.target.value)}
            />
            <FieldMessages id={`${id}-description-messages`} path={`tools.${index}.description`} {...description} />
          </div>
          <label htmlFor={`${id}-parameters`}>Parameters (JSON Schema)</label>
          <div>
            <textarea
              id={`${id}-parameters`}
              className="mono"
              spellCheck={false}
              rows={Math.min(16, Math.max(4, text.split('\n').length))}
              value={text}
              aria-invalid={jsonError !== null || parameters.isInvalid || undefined}
              aria-describedby={`${id}-parameters-messages`}
              onChange={(event) => setToolParameters(index, event.target.value)}
            />
            <FieldMessages id={`${id}-parameters-messages`} path={`tools.${index}.parameters`} local={jsonError} {...parameters} />
          </div>
        </div>
      )}
    </li>
  );
}
