/**
 * The situation in the person's words: what they see of the record (the world state), what happened before (the
 * history) and what went wrong last time (the tool condition). Each says what the person would notice, never the
 * label. Slots as in goals.ts, plus `<action>` (what they want done: "cancel it").
 */
export const WORLD_STATE_LINES: Readonly<Record<string, readonly string[]>> = {
  'entity missing': [
    "{The app|Your website|My account page} {says|tells me} it can't find {that number|<ref>|it}{| at all}.",
    "{Someone|The last person I spoke to} {told me|said} there's no record of it{|, which makes no sense}.",
    "It's not showing up {anywhere|in my account|on the website}{| for some reason}.",
    'When I search for <ref> I get {nothing|a "not found" page|an empty page}.',
    "{I'm not sure|I don't know} {why|how}, but {<ref>|the number I have} doesn't seem to {exist|work} {on your end|any more}.",
    "I typed the number in {three times|twice|carefully} and {your site|the app} {insists|keeps saying} it doesn't exist.",
    '{Weirdly|Strangely}, <thing> has {vanished|disappeared} from my account{| overnight}.',
    "The {confirmation email|receipt} has the number, but {customer service|the website} {can't see it|draws a blank}.",
    "{My <relative>|Even my <relative>} {tried looking it up|had a look} and {couldn't find it either|got the same error}.",
    '{Your system|The website} {acts like|behaves as if} {I never placed it|it never existed}{|, which is worrying}.',
    "{When I log in|In my account}, {the|that} <noun> {just isn't there|is nowhere to be seen}.",
    "{Customer support|Your colleague} {couldn't find|had no trace of} {it|<ref>} {either|last time}.",
  ],
  'entity already acted on': [
    "I{ think| believe|'m fairly sure} this was already {done|sorted|processed} " +
      '{once|last week|the other day}, {but nothing seems to have happened|but I never got a confirmation}.',
    "{Your system|The app} {says|shows} {it was already dealt with|it's already done}, {which is news to me|but I don't see any change}.",
    "I {might have|may have} {already|actually} {asked for this|done this} {before|last week}{|, I can't remember}.",
    "{I got an email|Someone told me} saying it was {handled|taken care of}, but {I'm not convinced|nothing changed on my side}.",
    '{Apparently|Supposedly} {this|it} {went through|was done} on {<day>|Monday}, {yet|but} {I see no sign of it|nothing looks different}.',
    '{My <relative>|Someone in my household} {may have|might have} {done this already|sorted it} {without telling me|last week}.',
    "{There's|I see} a note saying {it's|this is} {complete|finished}, {which|and that} {surprised me|doesn't match what I see}.",
    '{I|We} {may|might} {have done this|have asked for this} {already|before} ' +
      "{online|over the phone}; {I honestly can't remember|I'm not sure}.",
    "{I'm fairly sure|I believe} {this|it} was {done|handled} {ages ago|a while back}, " +
      "{so|and} {I'm confused|I don't get} why {it's still showing|I'm still seeing it}.",
  ],
  'duplicate entity': [
    'I think I {ended up with|somehow got} two of them{| by mistake}.',
    '{It looks like|It seems} there are two <plural> {under that number|with that reference|in my account}{| now}.',
    "I can see <ref> {twice|listed twice} {in my account|in the app}{| and I'm not sure which is right}.",
    "{There's|I've got} a duplicate {somewhere|in there}, I {mean|want} the {newer|more recent|second} one.",
    '{I clicked|I pressed} the button {twice|two times} {because|when} the page {froze|hung}, and now {there are two|I see two}.',
    '{The list|My account} shows {the same|an identical} <noun> {twice|two times}{| with slightly different details}.',
    "{I'm worried|I suspect} {I've|I have} been {double-booked|charged twice|set up twice} {somehow|by accident}.",
    '{I think|It seems} {my <relative>|<relname>} {also|accidentally} ' +
      '{set one up|made one} {as well|too}, so {there might be two|we may have doubled up}.',
    "{There are|I've got} two {confirmations|emails} {for|about} {what should be|what I think is} {one|the same} <noun>.",
  ],
  'partially completed': [
    '{It|This} {got halfway|got partly through|started} {and then stopped|but never finished}.',
    '{The first part went through|I got the first confirmation} but {not the rest|nothing after that}.',
    '{It looked like|I thought} it {worked|went through}, but {only half of it did|it stopped partway}.',
    "{It's|This is} {stuck|sitting} {halfway|in progress} and has been for {days|a while}.",
    "{The status|It} {says|shows} {pending|processing} and {hasn't moved|has been frozen} since {<day>|last week}.",
    '{Part of it|The first step} {happened|is done} but {the rest|the second part} {never did|is still missing}.',
    '{I was halfway through|I had nearly finished} when {the page crashed|my phone died|the app logged me out}.',
    '{It|Things} {started|kicked off} {fine|OK} {and then|but then} {ground to a halt|just stopped}.',
    '{I got|There was} {an email|a message} {saying|that said} {it had started|it was underway}, {then|and then} {silence|nothing}.',
  ],
  unknown: [
    "{I honestly don't know|I'm not sure} where {it stands|things stand} {right now|at the moment}.",
    "{I haven't|I've not} {checked|looked at} it in a while{|, so I'm not sure what state it's in}.",
    "{To be honest|Honestly}, I've {lost track|no idea} {of where it's at|what's happened with it}.",
  ],
};

export const HISTORY_LINES: Readonly<Record<string, readonly string[]>> = {
  prior_failure: [
    "I tried {this|to do this} {yesterday|earlier|on the website|in the app} and {it failed|got an error|it didn't work}.",
    "{This is|It's} my {second|third} {try|attempt}; the {first one|last one} {failed|didn't go through}.",
    '{I already tried|I tried} {once|twice} {online|through the app} and {it just errored|got nowhere}.',
    "{Last time|Yesterday} {it|the request} {failed|fell over} {halfway|straight away}, {so I'm back|so here I am}.",
    '{I spent|I wasted} {an hour|the evening} {on your website|in the app} {yesterday|on <day>} and {got nowhere|it kept failing}.',
    "{My first attempt|The first try} {bounced|was rejected} with {an error code|a vague message} I didn't understand.",
    '{On <day>|Earlier this week} I {tried|attempted} the same thing and {it broke|something went wrong}.',
  ],
  prior_partial_action: [
    '{Someone|One of your colleagues} started this for me {last time|the other day}, but {it was never finished|I never heard back}.',
    "{I was told|They said} it was {in progress|being handled} {last week|a few days ago}, and {nothing since|that's the last I heard}.",
    '{It was|This was} {started|begun} on {an earlier call|a previous chat} and left {unfinished|hanging}.',
    "{The agent I spoke to|Someone on the phone} {said they'd finish it|promised to sort it} " +
      '{later that day|by <day>}, but {nothing happened|it never happened}.',
    '{A colleague of yours|Your team} {got partway|made a start} {on <day>|last week} and then {it went quiet|I heard nothing}.',
  ],
  contradicts_earlier: [
    "I know I said {earlier|last time|before} {it was fine|everything was sorted}, but {that's not true any more|it isn't}.",
    "I know I told you {to leave it|not to bother} {last time|before}, but {I've changed my mind|things have changed}.",
    "{Ignore|Forget} what I said {last time|the other day}{| about it being sorted}; it isn't.",
    "I told {the last person|your colleague} {everything was fine|it was resolved}. It {isn't|wasn't}.",
    '{Scratch|Forget} what I {said|wrote} on <day>; {I got it wrong|the situation has changed}.',
    "{Earlier|Last time} I said I didn't need this, {but|and} now I {do|need it after all}.",
  ],
  'repeat visit': [
    "{I've been in touch|I've contacted you|I wrote in} about this {before|already|a couple of times}.",
    "{This isn't|It's not} the first time I've {asked|contacted you} about {this|it}.",
    '{You should|You might} {have|see} {my earlier messages|my last chat} about this {on file|in your notes}.',
    "{I'm writing|I'm back} {again|for the second time} {about|regarding} the same {thing|problem}.",
    '{We spoke|I chatted with someone} {on <day>|earlier this week} about {this|it}{| too}.',
  ],
};

export const CONDITION_LINES: Readonly<Record<string, readonly string[]>> = {
  timeout: [
    '{Last time|Earlier} {your system|the site|the app} {timed out|just kept spinning} on me.',
    '{The page|Your site} {keeps|kept} {timing out|loading forever} {whenever|every time} I try.',
  ],
  malformed_result: [
    '{The confirmation|The page} I got {came back garbled|was full of nonsense|was unreadable}.',
    '{What came back|The reply I got} {last time|earlier} was {gibberish|half blank|a mess of symbols}.',
  ],
  stale_result: [
    "{The app|Your site} {still shows|is showing} {old information|what it showed days ago}{|, which can't be right}.",
    '{The details you have|What I see online} {look|looks} out of date{| to me}.',
  ],
  permission_denied: [
    "{I was told|The last person said} they {didn't have access|couldn't authorise it|needed a manager}.",
    "{When I try|I tried} {myself|it myself} and {it says I'm not authorised|got a permission error}.",
  ],
};
