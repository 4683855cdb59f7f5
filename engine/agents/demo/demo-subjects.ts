import { isIdParameter, isReadTool, nameTokens, singular, toolNoun } from '../../world/tool-names';
import { actionPhrase, pastActionPhrase, pastTense, verbAndObject } from './demo-words';

/** What a call is about, in words: the noun, the person's identifier, and the phrases replies are built from. */
export interface StepSubject {
  noun: string;
  ref: string | undefined;
  /** "order ORD-1042", "the orders for maya@fastmail.com", "the refund". */
  target: string;
  /** " for ORD-1042", ' for "desk lamp"', or "" when the call named nothing. */
  forRef: string;
}

const LIST_TOOL = /^(list|search|find|browse|query)|search/i;

export function stepSubject(tool: string, args: Readonly<Record<string, unknown>>): StepSubject {
  const entry = Object.entries(args).find(
    ([name, value]) => isIdParameter(name) && (typeof value === 'string' || typeof value === 'number'),
  );
  if (entry) {
    const words = nameTokens(entry[0]).filter((token) => !['id', 'number', 'ref', 'code', 'key', 'reference'].includes(token));
    const noun = words.length > 0 ? singular(words.join(' ')) : toolNoun(tool);
    const ref = String(entry[1]);
    return { noun, ref, target: `${noun} ${ref}`, forRef: ` for ${ref}` };
  }
  const noun = toolNoun(tool);
  if (isReadTool(tool) && LIST_TOOL.test(tool)) {
    const query = ['query', 'q', 'search', 'term', 'keywords', 'keyword', 'search_term', 'text']
      .map((key) => args[key])
      .find((value) => typeof value === 'string');
    if (typeof query === 'string') return { noun, ref: undefined, target: `${noun}s matching "${query}"`, forRef: ` for "${query}"` };
    const email = Object.entries(args).find(([name, value]) => /email/i.test(name) && typeof value === 'string')?.[1];
    if (typeof email === 'string') return { noun, ref: email, target: `the ${noun}s for ${email}`, forRef: ` for ${email}` };
    return { noun, ref: undefined, target: `your ${noun}s`, forRef: '' };
  }
  return { noun, ref: undefined, target: `the ${noun}`, forRef: '' };
}

/** "order number", "email address on your account", "amount": how to ask the person for a parameter. */
export function parameterPhrase(name: string): string {
  const tokens = nameTokens(name);
  const last = tokens[tokens.length - 1];
  if (tokens.includes('email')) return 'email address on your account';
  if (tokens.includes('phone')) return 'phone number';
  if (last === 'code') return tokens.join(' ');
  if (last === 'id' || last === 'number' || last === 'ref' || last === 'reference') {
    const subject = tokens.slice(0, -1).join(' ') || 'record';
    return `${subject} number`;
  }
  if (['query', 'q', 'keywords', 'keyword', 'term', 'search'].includes(last ?? '')) return 'name I should search for';
  return tokens.join(' ');
}

/** "cancel order ORD-1042" when the tool's object is the entity, else "issue the refund for ORD-2231". */
export function actionOn(tool: string, subject: StepSubject, tense: 'present' | 'past' = 'present'): string {
  const { verb } = verbAndObject(tool);
  if (subject.ref !== undefined && toolNoun(tool) === subject.noun && !isReadTool(tool)) {
    return `${tense === 'past' ? pastTense(verb) : verb} ${subject.noun} ${subject.ref}`;
  }
  if (subject.ref !== undefined && toolNoun(tool) === subject.noun) return `look up ${subject.noun} ${subject.ref}`;
  return `${tense === 'past' ? pastActionPhrase(tool) : actionPhrase(tool)}${subject.forRef}`;
}
