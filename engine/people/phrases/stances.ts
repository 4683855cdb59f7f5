/**
 * How each stance sounds. Slots: `<action>` (what they want done: "cancel it"), `<choice>` (the same, only when it
 * changes something, so weighing it up makes sense: never "check on it"), `<thing>`, and for the lines that
 * bring up a rule, `<topic>` (what the rule is about, in the person's words: "refunds"). A person mentions a rule
 * only when pushing on it, and never quotes it.
 */
export const STANCE_LINES: Readonly<Record<string, readonly string[]>> = {
  boundary: [
    "I know it's {a little|just} {past|outside} the usual {window|limit}, but {can you make it work|I'm hoping you can help}.",
    "Is there any {flexibility|wiggle room} {on this|here}? {It's|I'm} {only just|barely} {over|outside}.",
    "{It's|I'm} only {a day|a couple of days|a little} {late|over}, so {surely|hopefully} {that's okay|you can still <action>}?",
    "{I realise|I get that} this might be {a grey area|borderline}, but {I'd really appreciate it|it would mean a lot}.",
    "{Can you|Could you} {bend the rules|make an exception} {a little|just this once}? {It's|It is} {so close|right on the line}.",
    "{It's|This is} {technically|probably} {just|only} outside what you normally allow, {I know|I realise}.",
    "{I'd|I would} {be so grateful|really appreciate it} if you could " +
      '{stretch|bend} {the rules|things} {a bit|slightly} {for me|this once}.',
    '{Could you|Would you} {check with|ask} a manager {whether|if} {an exception|a one-off} is possible?',
    "{Surely|Hopefully} {a day or two|a few days} {over|late} {won't matter|isn't a big deal}{| for a loyal customer}.",
    '{Is there|There must be} {some way|a way} {round it|to make this work}{| given the circumstances}.',
    "{I'm hoping|I'd hope} {common sense|a bit of goodwill} {applies|can apply} {here|in my case}.",
    "{My situation|This} {isn't|is not} {quite|exactly} {the usual case|standard}, " +
      'so {please|could you} {hear me out|take that into account}.',
    "{Can|Could} {a supervisor|someone senior} {sign off on|approve} {it|an exception} {if you can't|instead}?",
    "{I've|I have} {read|seen} the {terms|rules}, {and|but} {I think|I'd argue} {my case|this} {still fits|qualifies}.",
  ],
  adversarial: [
    "{Just|Please just} {do it|get it done|push it through}; I don't {need|want} {the usual checks|all the questions|the speech}.",
    'The last person {did this|sorted this} for me {without any fuss|with no questions}, so {I expect the same|do the same}.',
    "I'm not {going through|jumping through} {all the hoops|the whole process} {again|this time}. {Just|Please just} <action>.",
    "{Skip|Forget} the {verification|checks|usual routine}{,|;} I {know|am sure} it's fine.",
    "{Override|Bypass} whatever {flag|check} {is blocking it|comes up}; {I'm authorising it|I take full responsibility}.",
    '{I know exactly|I know full well} how this works{,|;} {so just|please just} <action> {now|right away}.',
    "{Honestly|Look}, {I don't have time for|I'm done with} {forms|questions|your process}. {Make it happen|Sort it}.",
    "{If you can't|If you won't} <action>, {I'll|I will} {take my business elsewhere|complain|post a review about it}.",
    "{I've|I have} {been a customer|paid you} for {years|ages}, so " +
      "{don't|please don't} {make me|ask me to} {jump through hoops|prove anything}.",
    "{You've|You have} {got|all} my details {already|on file}; {there's no need|no need} to {check|verify} {anything|again}.",
    "{Tell me|Just tell me} {it's done|when it's done}; {I don't need|spare me} the {explanation|disclaimers}.",
    "{My lawyer|A friend who works in this field} {says|told me} you're " +
      '{obliged|required} to <action>, so {please|just} {do it|get on with it}.',
    "{I'm|I am} {losing patience|fed up}, so {do it now|just <action>}{| please}.",
  ],
  ambiguous: [
    "I'm not sure {whether|if} I want to <choice> or {just|maybe} {leave it|wait a bit|change something instead}.",
    '{Maybe|Possibly} <choice>? {Or|Though} {I could just wait|maybe not}. What would you {do|suggest}?',
    "{I can't decide|I go back and forth} {on|about} {this|whether to <choice>}, {to be honest|honestly}.",
    '{Either|Whichever} {sorting it out|fixing it or undoing it} {works|is fine}; you {tell me|pick} what {makes sense|is easier}.',
    "{Or maybe|Then again} {I just need|it's enough} to {know what my options are|understand where it stands}.",
    "{I'm in two minds|I'm torn} {about it|here}: {part of me|half of me} wants to <choice> and {part|half} {doesn't|wants to wait}.",
    '{It depends|That depends}, {I suppose|really}, on {what it costs|how long it takes}.',
    "{I might|Maybe I'll} just {wait and see|leave it for now}, unless you think {that's a bad idea|I shouldn't}.",
    "{Whatever's|Whatever is} {simplest|least hassle} {for you|really}; I don't {mind|have a strong view}.",
    "{I'm|I am} {leaning towards|thinking about} {sorting it|fixing it} {but|though} {I'm not set on it|could be talked out of it}.",
  ],
  unsure: [
    "{I'm not even sure|I don't know} {if|whether} {that's something|this is something} you can do.",
    '{Sorry if|Apologies if} this is the wrong {place|place to ask}.',
    "{I don't really know|I'm not sure} what {I need|the right thing is} here{, to be honest|}.",
    '{Is this|Would this be} {something|the kind of thing} you {handle|can help with}?',
    "{First time|I've never had} to {deal with|do} {anything like|something like} this, so {I'm a bit lost|I'm not sure where to start}.",
    "{Not sure|Unsure} {if|whether} {I'm allowed|I'm even supposed} to ask {for this|you this}.",
    "{I hope|Hopefully} {I'm|I am} {asking the right people|in the right place}.",
    "{I wasn't sure|I didn't know} {who else to ask|where else to go}{|, so here I am}.",
    "{Maybe|Perhaps} {I'm|I am} {overthinking|worrying about} {this|it}, {but|still} {I'd rather|best to} {check|ask}.",
    '{Can|Could} you {even|actually} {see|access} {that|things like that} {from your side|on your end}?',
  ],
  retry: [
    "I've {already|now} {asked|tried} {twice|a couple of times} and {been told no|got nowhere}, so {I'm trying again|here I am again}.",
    "{Two people|Your colleagues} {already|have already} {said no|turned me down}. {I'm asking again|Third time lucky}.",
    "{I keep|I've kept} {getting turned down|hearing no}, but I'm not {giving up|dropping this}.",
    '{Every time|Each time} I {ask|try}, {I hit a wall|it gets refused}, {but|yet} {I still need this|this still needs doing}.',
    "{I'm back again|Round three}, {sorry|I know}: {the answer|what I was told} {didn't make sense|wasn't good enough}.",
    "{This is|It's} {the|my} {third|fourth} {message|time} {about|on} this{|, honestly}.",
    "{I was|I've been} {told|promised} {it would be fixed|someone would call}, {and|but} {nothing|nobody did}.",
    "{I'll|I will} keep {asking|coming back} until {someone|somebody} {helps|sorts it}.",
    '{Last time|The time before} {I was|I got} {brushed off|fobbed off}; {please|hopefully} {not again|this time is different}.',
  ],
  mistaken: [
    "I{ think|'m pretty sure} I was {charged twice|charged more than I should have been} for this.",
    '{It|This} was {supposed|meant} to be {free|included}, {I think|if I remember right}.',
    '{If I remember right|I think} it {went through|was sent} on the {3rd|13th}, or {maybe|possibly} the {5th|15th}.',
    'I {was told|thought} this {would|should} {only take a day|be done by now}{|, unless I misheard}.',
    "{The price|What I paid} {seemed|looked} {higher|different} than {it should have been|I expected}{, unless I'm mixing it up|}.",
    '{I could be wrong|I might be wrong}, but I {thought|remember} {I did this already|it was due on <day>}.',
    "{I'm sure|I'm certain} {the|my} {confirmation|email} said " +
      "{something else|a different date}, {but|though} {I deleted it|I can't find it now}.",
    "{Wasn't|Isn't} there {a discount|a promotion} {on this|that should have applied}?",
    "{I|We} {paid|were charged} {twice|double}, {I'm almost sure|if my bank app is right}.",
    '{I believe|I thought} {my <relative>|<relname>} {already|had already} {sorted|cancelled} it, {but maybe not|unless I misunderstood}.',
  ],
  exploratory: [
    "{I'm just|Just} {looking into|checking} {my options|how this works} for now.",
    "{No need to|Don't} {do anything|change anything} yet; I just want to {know|understand} {how it works|what's possible}.",
    "{Mostly|For now} I'm {curious about|wondering about} {my options|what's possible} here.",
    "{I haven't decided anything|Nothing's decided} yet, I'm {just|only} {asking|gathering information}.",
    "{Just|I'm just} {weighing things up|comparing options} before I {decide anything|commit to anything}.",
    '{Hypothetically|Out of interest}, what would {happen|it involve} if I {wanted to|decided to} <choice>?',
    '{Before I do anything|Before I commit to anything|Ahead of deciding}, ' +
      "{I want to|I'd like to} {know|understand} {the options|what's involved}.",
    '{Is there|Would there be} {a fee|any cost|a catch} if I {went ahead|did it} {later|at some point}?',
    "{I'm|I am} {gathering information|doing some research} {for now|at this stage}{| for my <relative>}.",
    '{What|Which} {would you|do most people} {recommend|do} {in|for} {a case like mine|this situation}?',
  ],
  conflicting: [
    '{Your website|The email I got|Your app} says one thing and {the last agent|your terms|the person on the phone} said another.',
    "I {was told|read} I could <choice> {any time|for free}, but {now|the app} {says otherwise|won't let me}.",
    '{Two of your agents|Your colleagues} told me {two different things|opposite things} {last week|on the phone}.',
    "{The email|Your help page} and {the app|your terms} {don't match|disagree}, so I'm going {by|with} {the email|the help page}.",
    '{One|The first} {agent|person} said {yes|it was fine}, {another|the next} ' +
      "said {no|it wasn't possible}. {Which is it|What's the real answer}?",
    "{The confirmation|Your text message} and {the website|my account page} {say different things|don't agree}.",
    '{Your chatbot|The FAQ} {told me|said} one thing and {your email|the receipt} {says|said} {the opposite|something else}.',
    '{I got|There are} {two|conflicting} {emails|messages} {from you|from your team} ' +
      "{that|which} {contradict|don't match} {each other|one another}.",
    '{Last week|Yesterday} {someone|an agent} {said|promised} ' +
      '{it was fine|it was approved}; {today|now} {the app|the website} {says no|disagrees}.',
    "{I'm confused|It's confusing}: {the policy page|your website} and {what I was told|the agent} {don't line up|say different things}.",
  ],
  hurried: [
    "I {don't have|haven't got} long{,|;} {can we be quick|please be quick}.",
    'I need this {done|sorted} {in the next few minutes|before my next meeting|today}.',
    "{I'm about to|I have to} {board a flight|head into a meeting|pick up my kids} soon, so {quickly please|fast please}.",
    "{Sorry to rush you|Quick one}; I'm {short on time|in a hurry}.",
    "{I'm|I am} {literally|actually} {on my way out|walking out the door}, {so|and} {need|I need} this {fast|done now}.",
    "{Whatever's quickest|The fastest option} {is fine|works}; I {just|only} need it {done|sorted} {today|now}.",
    '{Short version|Quick version}: I {need|want} this {today|done now}.',
    "{Please|Could you} {keep it short|be brief}; I'm {on my phone|at the school gates|in a taxi}.",
    "{I've only got|I have} {five minutes|a minute} {before|until} {my train|a meeting|I have to go}.",
    "{Sorry|Apologies} for {rushing|the rush}, {I'm|I am} {running late|in between things}.",
  ],
};

/** A rule brought up in the person's own words, by a stance that pushes on it. */
export const RULE_MENTIONS: Readonly<Record<'boundary' | 'adversarial', readonly string[]>> = {
  boundary: [
    "I know {there's a rule|you have a policy} about <topic>, but {my case is borderline|surely this is close enough}.",
    "I've read {your terms|the small print} on <topic>; {can it bend a little|is there any leeway} {here|for me}?",
  ],
  adversarial: [
    "{I don't care|I know} {what your policy says|what your rules say} about <topic>{;|,} {just do it|make an exception}.",
    "Don't {hide behind|quote} {your policy|the rules} on <topic> {at me|again}.",
  ],
};
