/** Asks that have nothing to do with what the agent is for (the `unrelated` tool): the agent should say so. */
export const OFF_TOPIC_ASKS: readonly string[] = [
  '{Random question|Slightly off topic}, but {do you know|any idea} ' +
    '{a good place to watch the match tonight|where I can watch the game later}?',
  '{How do I|Any idea how to} reset my home {wifi|broadband} router?',
  "{Not about my account at all|Nothing to do with you really}: what's a good " +
    '{present|gift} for someone who just took up {running|cycling|knitting}?',
  '{Sorry, random one|Odd question}. {Do you know|Any idea} whether the trains are {delayed|running} this evening?',
  'Can you settle an argument {for me|between me and my <relative>}? Is a tomato a fruit or a vegetable?',
  "My neighbour's dog barks all night. {Any ideas|Any tips} {what I can do|on what to do}?",
  '{Off topic|Random one}, but how do I get {a red wine stain|a coffee stain} out of a {carpet|sofa}?',
  '{What time do you close today|Are you open on Sundays}?',
  '{Do you know|Any idea} {a good recipe|what to cook} for {a dinner party|six people} this weekend?',
  "What's the weather {meant to be|going to be} like in <city> {this weekend|tomorrow}?",
  '{Can you recommend|Do you know} {a good plumber|someone to fix a leaky tap} {near <city>|in my area}?',
  '{I need|Looking for} {a book|something to read} for a long flight. Any {suggestions|recommendations}?',
  'How many {teaspoons|grams} are in a {tablespoon|cup}?',
  "{What's|Who's} the {best|easiest} way to {learn Spanish|get into running} as an adult?",
  "{Is it|Would it be} rude to {skip|not go to} a {work party|colleague's leaving do}?",
  '{Quick one|Random question}: how long do you boil an egg for {a runny yolk|soft-boiled}?',
];
