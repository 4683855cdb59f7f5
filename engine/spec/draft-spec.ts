import { Spec } from '../../shared/domain';
import { bankPieces } from './bank-pieces';
import { behaviourRule, ruleTopic } from './behaviour-rule';
import { buildAxesReport } from './build-axes';
import { chooseBank, MIN_BANK_SCORE } from './choose-bank';
import { wordsOf } from './english';
import { genericPieces } from './generic-spec';
import { policySections } from './policy-sections';
import { toolKnownIds } from './known-ids';
import { sentenceParts } from './sentence-parts';
import { SpecDraftError } from './spec-draft-error';
import type { DraftOptions, DraftResult, SpecDrafter } from './spec-drafter';

/**
 * Drafts an editable Spec from one sentence, offline: picks the domain bank the sentence's words point at (or
 * builds a generic spec from its own verbs and nouns), turns the behaviour it asks for into the first policy
 * rules, and fills the six axes. Same sentence + seed -> the same spec, byte for byte; the seed only varies
 * identifiers and the agent's name.
 */
export function draftSpec(sentence: string, options: DraftOptions): DraftResult {
  const cleaned = sentence.replace(/\s+/g, ' ').trim();
  if (wordsOf(cleaned).length === 0) {
    throw new SpecDraftError('the sentence is empty: describe the agent and the behaviour to test, e.g. "a personal finance assistant that confirms before it moves money"');
  }
  const seed = options.seed;
  const warnings: string[] = [];
  const parts = sentenceParts(cleaned);
  const choice = chooseBank(cleaned);
  const pieces = choice.bank ? bankPieces(choice.bank, seed) : genericPieces(parts, seed);

  const behaviourRules = unique(parts.behaviours.map((clause) => behaviourRule(clause, pieces)));
  const topics = new Set(behaviourRules.map(ruleTopic).filter((topic) => topic !== undefined));
  const baseRules = pieces.rules.filter((rule) => !rule.topic || !topics.has(rule.topic)).map((rule) => rule.text);
  const policy_rules = unique([...behaviourRules, ...baseRules]);
  const system_prompt = [`You are ${pieces.agent_name}, ${pieces.role}.`, '', ...policy_rules.map((rule, index) => `${index + 1}. ${rule}`)].join('\n');

  const entries = pieces.tools.filter((entry, index) => pieces.tools.findIndex((other) => other.tool.name === entry.tool.name) === index);
  const tools = entries.map((entry) => entry.tool);
  const result_shapes = Object.fromEntries(entries.map((entry) => [entry.tool.name, entry.result_shape]));
  const known_ids = unique([...tools.flatMap((tool) => toolKnownIds(tool)), ...pieces.known_ids]);
  const axes = buildAxesReport({ tools, system_prompt });

  const [best, second] = choice.ranking;
  if (!choice.bank) {
    warnings.push(
      `no domain bank matched "${cleaned}", so the spec was built from the sentence's own words ` +
        `(tools ${tools.map((tool) => tool.name).join(', ')}; identifiers are made up): review the tools before a run`,
    );
  } else if (best && second && second.score === best.score && second.score >= MIN_BANK_SCORE) {
    warnings.push(
      `the sentence fits ${best.bank.title.toLowerCase()} and ${second.bank.title.toLowerCase()} equally (score ${best.score}); ` +
        `drafted ${best.bank.domain}: name the domain more clearly to choose the other`,
    );
  }
  if (behaviourRules.length === 0) {
    warnings.push(
      'the sentence names no behaviour to hold the agent to (e.g. "confirms before it moves money"), so the policy is the domain\'s base rules only',
    );
  }
  const clauses = policySections(system_prompt, null).rules;
  if (clauses.length !== policy_rules.length || clauses.some((clause, index) => clause !== policy_rules[index])) {
    warnings.push(
      `the rule axis reads ${clauses.length} clauses from the prompt where the policy lists ${policy_rules.length} rules ` +
        '(a rule with two sentences or "; " splits, one over 120 characters is cut): shorten or split the rules so each is one clause',
    );
  }
  warnings.push(...axes.warnings);

  const spec = Spec.parse({
    name: pieces.name,
    sentence: cleaned,
    domain: pieces.domain,
    system_prompt,
    policy_rules,
    tools,
    result_shapes,
    known_ids,
    axes: axes.axes,
  });
  return { spec, warnings };
}

/** The offline drafter behind the SpecDrafter interface, so a model-backed drafter can take its place. */
export class OfflineSpecDrafter implements SpecDrafter {
  readonly name = 'offline';

  async draft(sentence: string, options: DraftOptions): Promise<DraftResult> {
    return draftSpec(sentence, options);
  }
}

/** Case-insensitive dedupe, first spelling kept. */
function unique(values: readonly string[]): string[] {
  const seen = new Set<string>();
  return values.filter((value) => {
    const key = value.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
