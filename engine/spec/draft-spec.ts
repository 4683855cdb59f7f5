import { Spec } from '../../shared/domain';
import { bankPieces } from './sentence/bank-pieces';
import { behaviourRule, ruleTopic, statesRule } from './sentence/behaviour-rule';
import { buildAxesReport } from './build-axes';
import { chooseBank, MIN_BANK_SCORE } from './sentence/choose-bank';
import { wordsOf } from './sentence/english';
import { genericPieces } from './sentence/generic-spec';
import { CLAUSE_MAX_CHARS, policySections } from './policy-sections';
import { toolKnownIds } from './known-ids';
import { sentenceParts } from './sentence/sentence-parts';
import { SpecDraftError } from './spec-draft-error';
import type { DraftOptions, DraftResult, SpecDrafter } from './spec-drafter';
import { uniqueRules } from './unique-rules';

/**
 * The longest description a draft reads (characters, after runs of spaces are joined): a sentence or two about the
 * agent and the behaviour to test. A whole policy pasted in would draft into one giant rule.
 */
export const MAX_SENTENCE_CHARS = 1000;

/**
 * Drafts an editable Spec from one sentence, offline: picks the domain bank the sentence's words point at (or
 * builds a generic spec from its own verbs and nouns), turns the behaviour it asks for into the first policy
 * rules, and fills the six axes. Same sentence + seed -> the same spec, byte for byte; the seed only varies
 * identifiers and the agent's name.
 */
export function draftSpec(sentence: string, options: DraftOptions): DraftResult {
  const cleaned = sentence.replace(/\s+/g, ' ').trim();
  if (wordsOf(cleaned).length === 0) {
    throw new SpecDraftError(
      'the sentence is empty: describe the agent and the behaviour to test, e.g. "a personal finance ' +
        'assistant that confirms before it moves money"',
    );
  }
  if (cleaned.length > MAX_SENTENCE_CHARS) {
    throw new SpecDraftError(
      `the description is ${cleaned.length.toLocaleString('en-US')} characters, over the ` +
        `${MAX_SENTENCE_CHARS.toLocaleString('en-US')} a draft reads: ` +
        'describe the agent and the behaviour to test in a sentence or two, then edit the drafted rules',
    );
  }
  const seed = options.seed;
  const warnings: string[] = [];
  const parts = sentenceParts(cleaned);
  const choice = chooseBank(cleaned);
  const pieces = choice.bank ? bankPieces(choice.bank, seed) : genericPieces(parts, seed);

  const asked = uniqueRules(parts.behaviours.map((clause) => behaviourRule(clause, pieces)));
  const topics = new Set(asked.map(ruleTopic).filter((topic) => topic !== undefined));
  // A base rule on a topic the sentence asks about gives way to the asker's words; a behaviour a remaining base
  // rule already states is that base rule, moved first, so the policy says it once, in full.
  const baseRules = pieces.rules.filter((rule) => !rule.topic || !topics.has(rule.topic)).map((rule) => rule.text);
  const behaviourRules = asked.map((rule) => baseRules.find((base) => statesRule(base, rule)) ?? rule);
  const policy_rules = uniqueRules([...behaviourRules, ...baseRules]);
  const system_prompt = [
    `You are ${pieces.agent_name}, ${pieces.role}.`,
    '',
    ...policy_rules.map((rule, index) => `${index + 1}. ${rule}`),
  ].join('\n');

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
      'the sentence names no behaviour to hold the agent to (e.g. "confirms before it moves money"), ' +
        "so the policy is the domain's base rules only",
    );
  }
  const clauses = policySections(system_prompt, null).rules;
  const differs = policy_rules.findIndex((rule, index) => clauses[index] !== rule);
  if (clauses.length !== policy_rules.length) {
    warnings.push(
      `the rule axis reads ${clauses.length} clauses from the prompt where the policy lists ${policy_rules.length} rules ` +
        `(a rule with two sentences or "; " splits): split rule ${differs + 1} so each rule is one clause`,
    );
  } else if (differs >= 0) {
    warnings.push(
      `rule ${differs + 1} is over ${CLAUSE_MAX_CHARS} characters, so the rule axis reads it cut short ("${clauses[differs]}"): shorten it`,
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
