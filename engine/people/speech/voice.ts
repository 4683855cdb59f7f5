import { hashInt } from '../../seeded';
import type { PersonIdentity } from '../person-identity';

/**
 * A person's verbal habits: the few stock phrases everyone says ("could you", "I'd like to", "I think") each person
 * says their own way, the same way in every message they write. Each habit lists ways of saying one thing that
 * fit wherever the first does (the same words follow them); the person keeps one way per habit, chosen by a hash
 * of who they are, so two people asking the same thing word it differently and one person never changes voice.
 */
interface Habit {
  /** What is said; matched whole-word, any case. A leading `^` matches at a sentence's start only. */
  said: RegExp;
  ways: readonly string[];
}

const START = String.raw`(?<=^|[.!?:;]\s+|,\s+)`;
const at = (words: string, atStart = false) => new RegExp(String.raw`${atStart ? START : String.raw`\b`}${words}\b`, 'gi');

const HABITS: readonly Habit[] = [
  { said: at('(?:can|could) you(?! please)'), ways: ['can you', 'could you', 'would you', 'will you'] },
  { said: at('(?:can|could) I', true), ways: ['can I', 'could I', 'may I', 'is it possible to'] },
  {
    said: at("I'd like to"),
    ways: ["I'd like to", "I'd love to", 'I want to', "I'm hoping to", "I'm looking to", 'I wanted to', 'I wish to'],
  },
  { said: at('I need to'), ways: ['I need to', "I've got to", 'I must', 'I really need to'] },
  { said: at("I'd like(?! to)"), ways: ["I'd like", 'I want', "I'm after", "I'd love", "I'm hoping for"] },
  { said: at('I think'), ways: ['I think', 'I reckon', 'I believe', 'I suspect', 'I gather', 'I guess'] },
  { said: at("I'm (?:fairly|pretty) sure"), ways: ["I'm pretty sure", "I'm fairly sure", "I'm quite sure", "I'm almost certain"] },
  { said: at("I'm not sure"), ways: ["I'm not sure", "I'm not certain", "I'm unsure", "I can't say"] },
  { said: at('to be honest'), ways: ['to be honest', 'honestly', 'frankly', 'truthfully', "if I'm honest"] },
  { said: at('(?:at the moment|right now)'), ways: ['at the moment', 'right now', 'currently', 'presently', 'just now'] },
  { said: at('a couple of'), ways: ['a couple of', 'a few', 'two or three'] },
  { said: at('a few'), ways: ['a few', 'several', 'some'] },
  { said: at('sorted(?! out)'), ways: ['sorted', 'handled', 'resolved', 'done'] },
  { said: at('sort(?= it| this| things)'), ways: ['sort', 'handle', 'resolve', 'deal with'] },
  { said: at('I was told'), ways: ['I was told', 'they told me', 'I was informed', 'I was assured', 'I heard'] },
  { said: at('(?:straight|right) away'), ways: ['straight away', 'right away', 'immediately', 'promptly'] },
  { said: at('in a while'), ways: ['in a while', 'in ages', 'for weeks', 'lately'] },
  { said: at('(?<!since )last week'), ways: ['last week', 'the other week', 'recently'] },
  { said: at('the app'), ways: ['the app', 'your app', 'the phone app'] },
  { said: at('(?:the|your) website'), ways: ['the website', 'your website', 'the site', 'your site', 'the portal'] },
  { said: at('got nowhere'), ways: ['got nowhere', 'had no luck', 'failed', 'hit a wall'] },
  { said: at("didn't work"), ways: ["didn't work", 'failed', 'went wrong', 'broke'] },
  { said: at('as soon as possible'), ways: ['as soon as possible', 'asap', 'soon', 'quickly', 'urgently'] },
  { said: at('problem'), ways: ['problem', 'issue', 'snag', 'glitch'] },
  { said: at('I want to'), ways: ['I want to', 'I wish to', "I'm trying to", 'I hope to'] },
  { said: at('(?:sorry|apologies)(?= if| for)', true), ways: ['sorry', 'apologies', 'forgive me', 'pardon me'] },
  { said: at('a while ago'), ways: ['a while ago', 'some time ago', 'a while back', 'ages ago'] },
  { said: at('recently'), ways: ['recently', 'lately', 'not long ago'] },
  { said: at('(?<=not |make |pretty |fairly |quite )sure'), ways: ['sure', 'certain', 'positive'] },
  { said: at('tried'), ways: ['tried', 'attempted'] },
  { said: at('honestly'), ways: ['honestly', 'frankly', 'seriously'] },
  { said: at('fine'), ways: ['fine', 'okay', 'alright', 'all right'] },
  { said: at('maybe'), ways: ['maybe', 'perhaps', 'possibly'] },
  { said: at('(?<!as )soon(?! as)'), ways: ['soon', 'shortly', 'before long'] },
  { said: at('anyway'), ways: ['anyway', 'anyhow', 'in any case'] },
  { said: at('(?<!many )thanks(?! again)'), ways: ['thanks', 'thank you', 'many thanks'] },
  { said: at('thanks again'), ways: ['thanks again', 'thanks', 'thank you', 'cheers'] },
  { said: at('(?<!the )last time'), ways: ['last time', 'previously', 'the time before'] },
  { said: at("I'm writing"), ways: ["I'm writing", "I'm messaging", "I'm getting in touch", "I'm reaching out"] },
  { said: at('(?<=to |you |can |could )set up'), ways: ['set up', 'arrange'] },
  { said: at('look into'), ways: ['look into', 'check into', 'look at'] },
  { said: at('I know(?= it| that| there| I)'), ways: ['I know', 'I realise', "I'm aware", 'I understand'] },
  { said: at('I hope(?= (?:you|that|I|it|this|someone|so|we)\\b)'), ways: ['I hope', 'hopefully', 'I trust'] },
  { said: at('on file'), ways: ['on file', 'on record', 'in your system', 'on your books'] },
  { said: at("I've got"), ways: ["I've got", 'I got'] },
  { said: at('also', true), ways: ['also', 'plus', 'on top of that'] },
  { said: at('the last person'), ways: ['the last person', 'the previous agent', 'the last agent', 'your colleague'] },
  { said: at('nothing happened'), ways: ['nothing happened', 'nothing changed', 'nothing came of it'] },
  { said: at("(?<=I'd |I |really |would |I'll )appreciate"), ways: ['appreciate', 'value', 'be grateful for'] },
  { said: at('quick'), ways: ['quick', 'brief', 'short'] },
  { said: at('I have a question', true), ways: ['I have a question', "I've got a question", 'I wanted to ask something', 'Question'] },
];

/** The key a person's habits are chosen by: who they are, so their opener and their replies share one voice. */
export function voiceKey(identity: PersonIdentity): string {
  return `voice:${identity.first}:${identity.last}:${identity.birth}`;
}

/** The text as this person says it: each habit in their own way. Identifiers are never touched (no habit has a digit). */
export function inVoice(text: string, key: string): string {
  let result = text;
  HABITS.forEach((habit, index) => {
    const way = habit.ways[hashInt(`${key}:${index}`, habit.ways.length)]!;
    result = result.replace(habit.said, (said) => matchCase(said, way));
  });
  return result;
}

/** The replacement capitalised as the words it replaces ("Could you" -> "Would you"); "I" stays "I". */
function matchCase(said: string, way: string): string {
  return /^[A-Z]/.test(said) ? way.charAt(0).toUpperCase() + way.slice(1) : way;
}
