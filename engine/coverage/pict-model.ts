import type { CoveringAxis } from './covering-types';
import { ModelParseError } from './model-parse-error';

const CONSTRAINT_START = /^(?:if|then|else|not)\b|^[[(]/i;
const WEIGHT = /\s*\(\s*\d+\s*\)$/;

/**
 * Reads a model in PICT's parameter format: one `name: value, value, ...` line per axis, `#`
 * comment lines and blank lines. Like PICT it trims names and values, drops empty values, strips
 * weights (`value (10)`), keeps the first name of an alias list (`a | b`) and expands `<Other>` to
 * an earlier axis's values. Constraints and sub-models are rejected: pass constraints as
 * CoveringOptions.forbidden. Throws ModelParseError naming the first bad line.
 */
export function parsePictModel(text: string): CoveringAxis[] {
  const axes: CoveringAxis[] = [];
  const definedOn = new Map<string, { axis: CoveringAxis; line: number }>();
  text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      const content = raw.trim();
      if (content === '' || content.startsWith('#')) return;
      if (content.startsWith('{')) {
        throw new ModelParseError({ line, message: 'sub-models ("{ ... } @ n") are not supported in model files' });
      }
      if (CONSTRAINT_START.test(content)) {
        throw new ModelParseError({
          line,
          message: 'constraints are not supported in model files; pass them programmatically',
        });
      }
      const colon = content.indexOf(':');
      if (colon === -1) {
        throw new ModelParseError({ line, message: `no ":" between the axis name and its values in "${content}"` });
      }
      const name = content.slice(0, colon).trim();
      if (name === '') throw new ModelParseError({ line, message: 'the axis name before ":" is empty' });
      const earlier = definedOn.get(name.toLowerCase());
      if (earlier !== undefined) {
        throw new ModelParseError({ line, message: `axis "${name}" is already defined on line ${earlier.line}` });
      }
      const values: string[] = [];
      const addValue = (value: string): void => {
        if (values.includes(value)) {
          throw new ModelParseError({ line, message: `axis "${name}" lists value "${value}" twice` });
        }
        values.push(value);
      };
      for (const token of content.slice(colon + 1).split(',')) {
        const reference = /^<(.+)>$/.exec(token.trim());
        if (reference !== null) {
          const other = definedOn.get(reference[1]!.trim().toLowerCase());
          if (other === undefined) {
            throw new ModelParseError({ line, message: `"<${reference[1]!}>" does not name an axis defined above` });
          }
          other.axis.values.forEach(addValue);
          continue;
        }
        const value = token.trim().replace(WEIGHT, '').split('|')[0]!.trim();
        if (value !== '') addValue(value);
      }
      if (values.length === 0) throw new ModelParseError({ line, message: `axis "${name}" has no values` });
      const axis = { name, values };
      axes.push(axis);
      definedOn.set(name.toLowerCase(), { axis, line });
    });
  return axes;
}
