import { hashInt } from '../../seeded';

/**
 * A small phrase grammar, so a few lines of text say one thing many ways: `{a|b|c}` picks one alternative (they
 * nest), `[text]` is said about half the time, `<slot>` is filled from the slots given (a slot's value is itself a
 * phrase and may hold alternatives). Every choice is a hash of the chooser's key and the choice's number in the
 * expansion, so the same key always says the same words. `expand('{Hi|Hello} there, [it's ]<name>', ...)`.
 */
type Node =
  | { kind: 'text'; text: string }
  | { kind: 'slot'; name: string }
  | { kind: 'choice'; options: Node[][] }
  | { kind: 'optional'; body: Node[] };

const parsed = new Map<string, Node[]>();

function parse(template: string): Node[] {
  const cached = parsed.get(template);
  if (cached) return cached;
  let position = 0;
  const sequence = (stops: string): Node[] => {
    const nodes: Node[] = [];
    let text = '';
    const flush = () => {
      if (text !== '') nodes.push({ kind: 'text', text });
      text = '';
    };
    while (position < template.length && !stops.includes(template[position]!)) {
      const character = template[position]!;
      if (character === '{') {
        flush();
        position++;
        const options: Node[][] = [sequence('|}')];
        while (template[position] === '|') {
          position++;
          options.push(sequence('|}'));
        }
        position++;
        nodes.push({ kind: 'choice', options });
      } else if (character === '[') {
        flush();
        position++;
        const body = sequence(']');
        position++;
        nodes.push({ kind: 'optional', body });
      } else if (character === '<') {
        const end = template.indexOf('>', position);
        if (end < 0) throw new Error(`unclosed slot in phrase: ${template}`);
        flush();
        nodes.push({ kind: 'slot', name: template.slice(position + 1, end) });
        position = end + 1;
      } else {
        text += character;
        position++;
      }
    }
    flush();
    return nodes;
  };
  const nodes = sequence('');
  parsed.set(template, nodes);
  return nodes;
}

/** Makes the choices of one text: the n-th choice is `hashInt(key:n)`. */
export class Chooser {
  private count = 0;

  constructor(readonly key: string) {}

  /** A number in [0, n). */
  below(n: number): number {
    return n <= 1 ? 0 : hashInt(`${this.key}:${this.count++}`, n);
  }

  /** True with the given probability (0..1). */
  chance(probability: number): boolean {
    if (probability <= 0) return false;
    if (probability >= 1) return true;
    return hashInt(`${this.key}:${this.count++}`, 10_000) < probability * 10_000;
  }

  one<T>(pool: readonly T[]): T {
    if (pool.length === 0) throw new Error('nothing to choose from');
    return pool[this.below(pool.length)]!;
  }
}

export type Slots = Readonly<Record<string, string | undefined>>;

function render(nodes: readonly Node[], slots: Slots, chooser: Chooser, depth: number): string {
  if (depth > 8) throw new Error('phrase slots nest too deep');
  let out = '';
  for (const node of nodes) {
    switch (node.kind) {
      case 'text':
        out += node.text;
        break;
      case 'slot': {
        const value = slots[node.name];
        if (value === undefined) throw new Error(`phrase slot <${node.name}> has no value`);
        out += render(parse(value), slots, chooser, depth + 1);
        break;
      }
      case 'choice':
        out += render(node.options[chooser.below(node.options.length)]!, slots, chooser, depth);
        break;
      case 'optional':
        if (chooser.chance(0.5)) out += render(node.body, slots, chooser, depth);
        break;
      default: {
        const unreachable: never = node;
        throw new Error(`unknown phrase node ${JSON.stringify(unreachable)}`);
      }
    }
  }
  return out;
}

/** The phrase said once: alternatives chosen, slots filled, spaces tidied, the first letter capitalised. */
export function expand(template: string, slots: Slots, chooser: Chooser): string {
  const text = render(parse(template), slots, chooser, 0)
    .replace(/\s+/g, ' ')
    .replace(/\s+([,.!?;:])/g, '$1')
    .replace(/([,;:])(?=[^\s\d])/g, '$1 ')
    .trim();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** One of the pool's phrases, said. */
export function say(pool: readonly string[], slots: Slots, chooser: Chooser): string {
  return expand(chooser.one(pool), slots, chooser);
}

/** Whether every slot a phrase names has a value (so it can be said with these slots). */
export function canSay(template: string, slots: Slots): boolean {
  return [...template.matchAll(/<([^>]+)>/g)].every((match) => slots[match[1]!] !== undefined);
}
