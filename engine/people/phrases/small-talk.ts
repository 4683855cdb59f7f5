/**
 * What people put around the ask: greetings, a line about their day, how they sign off. Slots: `<name>` (their
 * first name), `<city>`, `<relative>` and `<relname>` (someone in their life, by role and name), `<company>`
 * (where they work), `<day>`. The tags' extras (pressure, who they are, a second ask) live here too.
 */
export const GREETINGS: readonly string[] = [
  'Hi',
  'Hi there',
  'Hello',
  'Hey',
  'Hey there',
  'Good morning',
  'Good afternoon',
  'Good evening',
  'Morning',
  'Hiya',
  '{Hello|Hi|Hey}, {hope|hoping|I hope} {you can help|you can help me|someone can help}',
  '{Hi|Hello|Hey}, {quick question|a quick one|just a quick one|one question}',
  'Hello there',
  '{Hi|Hello}, {sorry to bother you|thanks for getting back to me|I hope you are well}',
  '{Good day|Greetings|Hi folks|Hi team|Hello team}',
  "Hi, it's <name>",
  'Hello, this is <name>',
];

export const CLOSERS: readonly string[] = [
  '{Thanks|Thank you|Many thanks}{ in advance| so much|}{!|.}',
  '{Any help would be great|Appreciate any help|Any help is appreciated|Any help gratefully received}.',
  '{Let me know|Tell me} what you need from me.',
  '{I can|Happy to} {send|share} {more details|anything else} if {needed|it helps}.',
  '{Hope|I hope} that {makes sense|all makes sense}.',
  '{Looking forward to|Hoping for} a {quick|proper} answer{|, thanks}.',
  "{I'll|I can} {keep an eye on|check} {my email|this chat} for a reply.",
  '{Cheers|Thanks a lot|Much appreciated}.',
  "{Sorry for the long message|Sorry if that's a lot}{|, thanks for reading}.",
  "{I'm around|I'll be around} {all afternoon|until six|for the next hour} if you {need|have} {anything else|questions}.",
  '{Really hope|Fingers crossed} {you can|someone can} {sort this|help}.',
  '{Thanks for your help|Thank you for looking into it}{| in advance}.',
  '{Please get back to me|Reply when you can}{|, no rush|, ideally today}.',
  "{I think|Hopefully} {that's|that is} everything you need.",
];

/** Who is writing, said up front by some people (a name the template user's later replies agree with). */
export const INTRODUCTIONS: readonly string[] = [
  "I'm <fullname>{| from <city>| in <city>}.",
  '<fullname> here{|, from <city>}.',
  "{My name's|Name's} <fullname>.",
  '{This is|It is} <fullname>{|, over in <city>}.',
  '<fullname>, {a customer|writing} from <city>.',
  '{You may have me down as|I should be on file as} <fullname>.',
  '{Writing|Messaging} as <fullname>{| from <city>}.',
];

export const SIGN_OFFS: readonly string[] = [
  '<fullname>',
  'Regards, <fullname>',
  'Kind regards, <fullname>',
  '<name>',
  '- <name>',
  'Thanks, <name>',
  'Cheers, <name>',
  'Best, <name>',
  'Thanks again, <name>',
  '{All the best|Best wishes|Warm regards}, <fullname>',
  '{Speak soon|Talk soon|Ta}, <name>',
  '<name> ({in|from} <city>)',
  '{Many thanks|Thank you}, <fullname>',
  '<fullname>, <city>',
];

/** A line about the person's day, anywhere: nothing the world has to agree with. */
export const LIFE_LINES: readonly string[] = [
  "{I'm|I am} {at work|on my phone|between meetings|on the train}, so {bear with me|excuse the typos}.",
  "It's been a {long|busy|rough} {week|day}{|, honestly}.",
  "My {partner|flatmate} usually {handles|sorts} {this sort of thing|these things}, but they're away.",
  "My {sister|wife|mum} usually {handles|sorts} {this sort of thing|these things}, but she's {away|busy this week}.",
  "My {dad|husband|brother} usually {handles|sorts} {this sort of thing|these things}, but he's {away|busy this week}.",
  "I'm {travelling|away} {this week|until <day>}{|, in <city>}.",
  "{I've got|There's} {a lot going on|family staying} {this week|right now}, so {sorry if I'm slow to reply|I'd like this off my plate}.",
  'My <relative> {suggested|told me} {I contact you|to ask you directly}.',
  "I'm {not great|hopeless} with {apps|websites|computers}, so {thanks for your patience|go easy on me}.",
  '{I have to|I need to} {leave|log off} {soon|by five|before lunch}.',
  "I'm {writing from|on a break at} {work|<company>}, so {I can't call|I can only do chat}.",
  '{My <relative> <relname>|<relname>, my <relative>,} {is helping me|is sitting with me} {with this|as I type}.',
  "{I'm|We're} {in the middle of|just finishing} {moving house|a renovation|a trip to <city>}{|, so things are chaotic}.",
  "{I've been meaning to|I kept putting off} {sort|sorting} this {for weeks|since last month}.",
  "{Sorry|Apologies} {if I sound stressed|for the tone}; {it's been|today's been} {one of those days|a lot}.",
  "{I'm|We're} {based in|over in} <city>{|, if that matters}.",
  '{The kids|The dog|My <relative>} {keeps|keep} interrupting me, {sorry|so forgive any typos}.',
  "{I'm|I've been} {off sick|on holiday} {this week|since <day>}, {so|and} {only just|finally} {got round to this|have time for this}.",
];

export const PRESSURE_LINES: Readonly<Record<string, readonly string[]>> = {
  rushed: [
    "{I only have|I've got} {a few|five|ten} minutes{| before my next thing}.",
    "I'm in a {rush|hurry}, so {let's be quick|the short version please}.",
  ],
  insistent: [
    'I need this {sorted|fixed} {today|this week}, not {next week|whenever}.',
    "{Please don't fob me off|I won't be fobbed off} this time.",
    "I'm not {leaving|letting this go} until it's {fixed|sorted}.",
  ],
  repeat: [
    "{Again|Like I said before|As I mentioned last time}, this {still isn't|is still not} {sorted|fixed}.",
    "{I'm repeating myself|Sorry to repeat myself}, but {it's still not done|nothing has changed}.",
  ],
};

export const USER_TYPE_LINES: Readonly<Record<string, readonly string[]>> = {
  'first time': [
    "{This is my first time|I'm new to this|It's my first time} {using your service|doing this}, so {bear with me|I might need a hand}.",
    "{First time|I've never done this} {here|before}{|, so go easy}.",
  ],
  returning: [
    "I've {been a customer|used you} for {years|a while|a long time}.",
    "{I'm|I am} a {returning|long-time} customer{|, for what it's worth}.",
  ],
  'in a hurry': ["I'm {on my lunch break|between meetings|on the go}, so {short answers please|keep it brief}."],
  careful: [
    'Please {check|double-check} {everything|with me} before {changing anything|you do anything}.',
    '{Before you do anything|First}, {tell me|can you explain} exactly what will happen.',
  ],
};

/** A second thing in the same message, for the "several asks" people. */
export const SECOND_ASKS: readonly string[] = [
  '{Also|Oh, and|While I have you}, {can you|could you} {check|tell me} ' +
    'whether anything else is {outstanding|pending} {on my account|for me}?',
  "{And|Also}, {can you|could you} {update|change} {my email address|my phone number} {while you're at it|too}?",
  "{Separately|One more thing}, I{'d like| need} a copy of my {last statement|latest receipt|records}.",
  "{Also|And} {could you|can you} {send|email} me {a confirmation|something in writing} {when it's done|afterwards}?",
];

/** A longer message's context: how this came about. */
export const BACKGROUND_LINES: readonly string[] = [
  "{I've been|I have been} {a customer|with you} for {a few years|ages} " +
    'and {this is the first time|nothing like this has happened before}.',
  "I've {already spent|wasted} {most of the morning|an hour|all afternoon} on this{|, so I'd appreciate a proper answer}.",
  '{This started|It all started} {a couple of weeks ago|last month} and ' +
    'has been going {back and forth|round in circles} {since|ever since}.',
  "{I tried|I've tried} the {help pages|FAQ|chatbot} first but {they didn't cover this|got nowhere}.",
];
