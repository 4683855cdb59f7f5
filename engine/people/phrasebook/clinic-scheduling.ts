import type { Phrasebook } from './phrasebook';

/** How a patient gives their number after an ask. */
const PATIENT =
  "{My patient ID is|My patient number is|I'm patient|I'm registered as|You should have me as|I'm on your system as} <ref>" +
  '{| if you need it}';

export const clinicScheduling: Phrasebook = {
  things: {
    appointment: ['my {|next |upcoming }appointment', 'the appointment', 'my visit', 'my booking', 'my appointment on <day>'],
    patient: ['my record', 'my file'],
    provider: ['my doctor', 'the doctor'],
  },
  idNames: {
    appointment: ['appointment number', 'booking reference', 'confirmation number'],
    patient: ['patient ID', 'patient number'],
    provider: ["doctor's code", 'provider code'],
  },
  goals: {
    find_patient: [
      "{I'm new here|I've just moved to <city>} and {want to check|I'm not sure} {you have|if you've got} me {registered|on your list}. " +
        '<fullname>, {born|DOB} <dob>.',
      '{Do you have|Have you got} a record for <fullname>? {Date of birth|Born} <dob>{|, if that helps}.',
      "{Before I book anything|First of all}, am I {registered|on your books}? {Name's|I'm} <fullname>, born <dob>.",
      "{My <relative>|<relname>} {registered me|signed me up} {last year|a while back}; {can you check|could you confirm} I'm on file? " +
        '<fullname>, <dob>.',
      "{Can you find|Could you look for} <fullname> {in your system|on your records}? {That's me|It's me}; {born|date of birth} <dob>.",
      "{Can you|Could you} {find|look up|pull up} my {record|file}? {I'm|My name is} <fullname>, born <dob>.",
      "I'm {a patient|registered} with you{|, I think}. {Can you check|Could you confirm} " +
        'you have me on file? <fullname>, {date of birth|born} <dob>.',
      "{I'm not sure|I don't know} {if I'm registered|if you have me on file}. {My name is|It's} <fullname>.",
    ],
    search_available_slots: [
      '{Does|Has} <ref> {have any|got any} {openings|free slots|appointments} {next week|this week|soon}?',
      "I'm looking for {an appointment|a slot} with <ref> {sometime next week|as soon as possible|in the next couple of weeks}.",
      "{When's|When is} the next {free|available} appointment with <ref>?",
      '{Can|Could} I see <ref> {on a|some} {Tuesday|Thursday|weekday} {morning|afternoon}{| next week}?',
      "{What's|What is} the {earliest|first free} {appointment|slot} I {could|can} get with <ref>?",
      '{<relname>|My <relative>} {can drive me|is free} on <day>; {does|has} <ref> {got|have} anything {then|that day}?',
      '{Any|Are there any} {cancellations|free slots} with <ref> {before <day>|this week}?',
    ],
    get_appointment: [
      "{When is|What time is} my appointment, <ref>? {I've lost|I can't find} the {reminder|confirmation}.",
      '{Can you|Could you} {check|confirm} the {time|details} of appointment <ref>?',
      "{I think|I'm fairly sure} I have {an appointment|a visit} {coming up|this week}: <ref>. {Is that right|Can you confirm}?",
      "Is appointment <ref> with {the nurse|the doctor}? {I've forgotten|I can't remember} who I'm seeing.",
      "{Just confirming|I'm just checking} {that|whether} appointment <ref> {is still on|is still happening}.",
      '{<relname>|My <relative>} {is taking me|needs to know} {what time|when} appointment <ref> is. Can you {check|confirm}?',
      '{Remind me|Can you remind me} {when|what time} appointment <ref> is{|, please}?',
    ],
    book_appointment: [
      `I'd like to book {an appointment|a visit|a check-up}{| with my doctor}. ${PATIENT}.`,
      `{Can|Could} I {book|get} {an appointment|a slot} {next week|this week}? ${PATIENT}.`,
      `{I need|I'd like} {a follow-up|to see someone} {about my results|after my last visit}. ${PATIENT}.`,
      `{I'd like|Could I have} {a telehealth|a video|a phone} {appointment|consultation}{| if possible}. ${PATIENT}.`,
      `{I need|Can I get} {a vaccination|my flu jab|a booster} {booked|appointment}. ${PATIENT}.`,
      `{I'd like|Can I have} {a slot|an appointment} on <day> {morning|afternoon} {if there is one|if possible}. ${PATIENT}.`,
    ],
    reschedule_appointment: [
      'I need to {move|reschedule} my appointment <ref>{| to another day}.',
      "{Something came up|I have a clash}, so I {can't make|won't make} appointment <ref>. {Can we|Could we} {move it|find another time}?",
      '{Is it possible|Would it be possible} to {push back|move} appointment <ref> {a few days|to next week}?',
      '{Can|Could} you {change|move} {the time of|my} appointment <ref> {to later in the day|to the morning}?',
      "{My <relative>|<relname>} {can't drive me|has a clash} {that day|on <day>}, so {could we|can we} move appointment <ref>?",
      'Appointment <ref> {clashes|conflicts} with {work|a school event} on <day>; {can you|could you} {move|reschedule} it?',
    ],
    cancel_appointment: [
      "I {need to|have to|'ll have to} cancel my {appointment|booking}{,|:} <ref>{| I'm afraid| sorry}.",
      '{Please|Can you} cancel appointment <ref>{| for me}.',
      "{I won't be able to|I can't} make {my appointment|it} on <day>, so {please cancel it|can you cancel it}: <ref>.",
      "{I'm afraid|Sorry, but} I {have to|need to} cancel appointment <ref>.",
      "{Please|Could you} cancel appointment <ref>; {<relname>|my <relative>} {can't take me|is away} {that day|on <day>}.",
    ],
    request_prescription_refill: [
      `I need a refill of my {prescription|medication}{| before I run out}. ${PATIENT}.`,
      '{Can I|Could I} {request|order} a {repeat prescription|refill} for my ' +
        "{blood pressure tablets|inhaler|thyroid medication}? {I'm|Patient} <ref>.",
      "I'm {nearly out|down to my last few} {of my tablets|pills}. {Can you send|Could you request} a refill? <ref>.",
      `{My pharmacy|The pharmacist} {said|told me} {I need|there has to be} a new {prescription|request} from you. ${PATIENT}.`,
      `{I'm running low on|I've almost run out of} {my tablets|my inhaler} and {the pharmacy|<relname>} {says|said} ` +
        `I need a new {prescription|script}. ${PATIENT}.`,
    ],
  },
  asks: {
    search_available_slots: [
      '{find|check} {the next free|any available|the earliest} {slot|appointment} with <thing>',
      '{find|look for} {an opening|a free slot} with <thing> {next week|this week|soon}',
    ],
    get_appointment: ['{check|confirm} the {time|details} of <thing>', '{look up|pull up|check on} <thing>', 'confirm <thing> is still on'],
    book_appointment: [
      'book {an appointment|a visit|a check-up} for me',
      '{book|arrange} {an appointment|a visit} {next week|this week|with my doctor}',
    ],
    reschedule_appointment: [
      '{move|reschedule} <thing>{| to another day| to next week}',
      'push back <thing> {a few days|to later in the week}',
      '{change|move} the time of <thing>',
    ],
    cancel_appointment: ['cancel <thing>', 'cancel <thing> {on <day>|for me}', 'call off <thing>'],
    request_prescription_refill: [
      '{request|order} a refill of my {prescription|medication|inhaler}',
      'request a repeat prescription for me',
    ],
  },
  reasons: {
    reschedule_appointment: [
      "I've got a {work trip|school run|family thing} that day.",
      'My {car is in the garage|childcare fell through}.',
    ],
    cancel_appointment: ["I'm feeling {much better|fine} now.", "I've been seen {somewhere else|at urgent care} already."],
    book_appointment: [
      "I've had {a bad cough|back pain|headaches|a rash} for {a week|a few days}.",
      "It's {time for|due for} my {annual check-up|yearly review}.",
    ],
  },
  life: [
    'I work {nights|shifts}, so {mornings|afternoons} are {better|easier} for me.',
    "I'll need to {arrange childcare|take time off work} for it.",
    "I'm {booking for|sorting this out for} {myself|me} but my <relative> {usually drives me|comes with me}.",
  ],
};
