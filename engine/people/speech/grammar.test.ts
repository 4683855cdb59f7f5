import { describe, expect, it } from 'vitest';
import { canSay, Chooser, expand, say } from './grammar';

describe('phrase grammar', () => {
  it('says one alternative, optional parts and slots, the same for the same key', () => {
    const template = '{hi|hello|hey} there, [it is ]<who> {again|today}.';
    const said = new Set(Array.from({ length: 60 }, (_, index) => expand(template, { who: '{Ann|Bo}' }, new Chooser(`k${index}`))));
    expect(said.size).toBeGreaterThan(10);
    for (const text of said) expect(text).toMatch(/^(Hi|Hello|Hey) there, (it is )?(Ann|Bo) (again|today)\.$/);
    expect(expand(template, { who: 'Ann' }, new Chooser('x'))).toBe(expand(template, { who: 'Ann' }, new Chooser('x')));
  });

  it('nests alternatives and tidies the spaces around punctuation', () => {
    expect(expand('a {b {c|c}|b c} ,d', {}, new Chooser('y'))).toBe('A b c, d');
  });

  it('refuses a slot with no value, and says which phrases it can say', () => {
    expect(() => say(['<missing> here'], {}, new Chooser('z'))).toThrow(/<missing>/);
    expect(canSay('my <thing> <ref>', { thing: 'order' })).toBe(false);
    expect(canSay('my <thing>', { thing: 'order' })).toBe(true);
  });
});
