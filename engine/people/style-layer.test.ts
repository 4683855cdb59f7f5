import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyStyle } from './style-layer';

const ASK = 'Hi, I need to cancel my order ORD-1042 because it arrived broken. Can you please help me with that? Thanks in advance.';

describe('applyStyle', () => {
  it('types the way the texture says', () => {
    expect(applyStyle(ASK, ['texture:lowercase'], 'k')).toBe(
      'hi, i need to cancel my order ORD-1042 because it arrived broken. can you please help me with that? thanks in advance.',
    );
    expect(applyStyle(ASK, ['texture:abbreviations'], 'k')).toBe(
      'Hi, I need to cancel my order ORD-1042 bc it arrived broken. Can u pls help me w/ that? thx in advance.',
    );
    expect(applyStyle(ASK, ['texture:no_punctuation'], 'k')).toBe(
      'Hi I need to cancel my order ORD-1042 because it arrived broken Can you please help me with that Thanks in advance',
    );
    expect(applyStyle(ASK, ['texture:run_on'], 'k')).toBe(
      'Hi, I need to cancel my order ORD-1042 because it arrived broken, can you please help me with that and thanks in advance.',
    );
    expect(applyStyle(ASK, ['texture:clipped'], 'k')).toBe(
      'Need to cancel my order ORD-1042 because it arrived broken. Help me with that? Thanks in advance.',
    );
    expect(applyStyle('yes go ahead. i think so', ['texture:standard'], 'k')).toBe('Yes go ahead. I think so.');
  });

  it('makes exactly one typo, never in an identifier', () => {
    const typed = applyStyle(ASK, ['texture:typo'], 'k');
    expect(typed).not.toBe(ASK);
    expect(typed).toContain('ORD-1042');
    const changed = typed.split(' ').filter((word, index) => word !== ASK.split(' ')[index]);
    expect(changed.length).toBeLessThanOrEqual(1);
    expect(typed.length).toBeGreaterThanOrEqual(ASK.length - 1);
  });

  it('adds or trims what the tone says', () => {
    expect(applyStyle('Cancel ORD-1042.', ['tone:impatient'], 'k')).toMatch(/asap/i);
    expect(applyStyle('Cancel ORD-1042.', ['tone:frustrated'], 'k')).toMatch(/this is the second time/i);
    expect(applyStyle('Cancel ORD-1042.', ['tone:sarcastic'], 'k')).toMatch(/^(Oh, |Well, )?great, just great\./i);
    const polite = applyStyle('Cancel ORD-1042.', ['tone:polite'], 'k');
    expect(polite).toMatch(/^Cancel ORD-1042, please\. Thank you/);
    const chatty = applyStyle('Cancel ORD-1042. It arrived broken.', ['tone:chatty'], 'k');
    expect(chatty.split('. ').length).toBeGreaterThan(2);
    expect(applyStyle(ASK, ['tone:curt'], 'k')).toBe(
      'I need to cancel my order ORD-1042 because it arrived broken. Can you help me with that?',
    );
  });

  it('combines a tone with a texture: what the tone adds is typed the same way', () => {
    const styled = applyStyle('Cancel ORD-1042.', ['texture:lowercase', 'tone:frustrated'], 'k');
    expect(styled).toMatch(/this is the second time/);
    expect(styled).toBe(styled.replace(/[A-Z](?![A-Z-]*\d)/g, (letter) => letter.toLowerCase()));
  });

  it('reads the same for the same persona on every turn, and leaves untagged text alone', () => {
    const tags = ['texture:abbreviations', 'tone:polite', 'length:short prompt'];
    for (const line of ['Yes, go ahead.', "It's ORD-1042.", 'Thanks, that is all.']) {
      expect(applyStyle(line, tags, 'rollout-7')).toBe(applyStyle(line, tags, 'rollout-7'));
    }
    expect(applyStyle("It's ORD-1042.", tags, 'r')).toMatch(/pls/);
    expect(applyStyle('Yes, go ahead.', tags, 'r')).toMatch(/pls/);
    expect(applyStyle('  Yes,   go ahead. ', ['stance:boundary'], 'r')).toBe('Yes, go ahead.');
    expect(applyStyle('', ['texture:typo'], 'r')).toBe('');
  });

  it('keeps every identifier intact, whatever the tags', () => {
    const textures = ['lowercase', 'abbreviations', 'typo', 'no_punctuation', 'run_on', 'clipped', 'standard'];
    const tones = ['impatient', 'frustrated', 'chatty', 'polite', 'curt', 'sarcastic'];
    fc.assert(
      fc.property(
        fc.constantFrom(...textures),
        fc.constantFrom(...tones),
        fc.integer({ min: 1000, max: 99999 }),
        fc.string(),
        (texture, tone, number, key) => {
          const id = `ACCT-${number}`;
          const styled = applyStyle(`Hello, please look up ${id} for me. Thanks.`, [`texture:${texture}`, `tone:${tone}`], key);
          expect(styled).toContain(id);
        },
      ),
      { numRuns: 300 },
    );
  });
});
