import { Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { promptIntro } from '../../stores/new-run/spec-edits';
import { useNewRunStore } from '../../stores/new-run/store';
import { FieldMessages } from './field-messages';
import { NONE, useSpecField } from './use-field';

function RuleField({ index, rule, autoFocus }: { index: number; rule: string; autoFocus: boolean }) {
  const { setRule, removeRule } = useNewRunStore(useShallow((state) => ({ setRule: state.setRule, removeRule: state.removeRule })));
  const field = useSpecField(`policy_rules.${index}`);
  const input = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (autoFocus) input.current?.focus();
  }, [autoFocus]);
  const messagesId = `rule-${index}-messages`;
  return (
    <li className="rule">
      <span className="rule-number" aria-hidden="true">
        {index + 1}.
      </span>
      <div className="rule-field">
        {/* A rule is one clause of a numbered list: it wraps (and the box grows) but never takes a line break. */}
        <textarea
          ref={input}
          className="rule-input"
          rows={1}
          value={rule}
          aria-label={`Rule ${index + 1}`}
          aria-invalid={field.isInvalid || undefined}
          aria-describedby={messagesId}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          onChange={(event) => setRule(index, event.target.value.replace(/\s*\n\s*/g, ' '))}
        />
        <FieldMessages id={messagesId} path={`policy_rules.${index}`} {...field} />
      </div>
      <button type="button" className="icon-button" aria-label={`Remove rule ${index + 1}`} onClick={() => removeRule(index)}>
        <Trash2 size={13} aria-hidden="true" />
      </button>
    </li>
  );
}

/** The system prompt's prose and its numbered policy rules; the prompt and the rule axis follow the rules. */
export function PromptEditor() {
  const { prompt, rules, setIntro, addRule } = useNewRunStore(
    useShallow((state) => ({
      prompt: state.spec?.system_prompt ?? '',
      rules: state.spec?.policy_rules ?? NONE,
      setIntro: state.setIntro,
      addRule: state.addRule,
    })),
  );
  const promptField = useSpecField('system_prompt');
  const rulesField = useSpecField('policy_rules', { exact: true });
  const [focusRule, setFocusRule] = useState(-1);
  const intro = promptIntro(prompt);
  return (
    <section className="spec-section" aria-labelledby="prompt-title">
      <h3 id="prompt-title">System prompt</h3>
      <textarea
        className="prompt-intro"
        aria-label="System prompt"
        rows={Math.min(6, Math.max(2, intro.split('\n').length))}
        value={intro}
        aria-invalid={promptField.isInvalid || undefined}
        aria-describedby="system-prompt-messages"
        onChange={(event) => setIntro(event.target.value)}
      />
      <FieldMessages id="system-prompt-messages" path="system_prompt" {...promptField} />
      <div className="section-head">
        <h3 id="rules-title">Policy rules</h3>
        <span className="muted">appended to the prompt as a numbered list; each rule is a value of the rule axis</span>
      </div>
      <ol className="rules" aria-labelledby="rules-title">
        {rules.map((rule, index) => (
          <RuleField key={index} index={index} rule={rule} autoFocus={index === focusRule} />
        ))}
      </ol>
      <FieldMessages id="rules-messages" path="policy_rules" {...rulesField} />
      <button
        type="button"
        onClick={() => {
          setFocusRule(rules.length);
          addRule();
        }}
      >
        <Plus size={13} aria-hidden="true" /> Add rule
      </button>
    </section>
  );
}
