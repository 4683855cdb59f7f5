import type { Phrasebook } from './phrasebook';

export const airlineTravel: Phrasebook = {
  things: { booking: ['my booking', 'my flight', 'my trip', 'the reservation'], flight: ['the flight', 'my flight'] },
  idNames: { booking: ['booking reference', 'confirmation code', 'booking number'], flight: ['flight number', 'flight'] },
  goals: {
    get_booking: [
      "{Can you|Could you} {check|pull up} my booking, <ref>? {I want to|I'd like to} {confirm the times|check the details}.",
      "{What time is|When's} my flight? {Booking|The reference is} <ref>.",
      "I {can't find|lost} my {confirmation email|itinerary}. {Can you look up|Could you find} <ref>?",
    ],
    search_flights: [
      '{Are there|Do you have} any flights to {Boston|Denver|Chicago|Seattle} {on <day>|next week}?',
      "I'm looking for a {cheap|direct|morning} flight {to|into} {New York|Miami|Austin} {on <day>|this weekend}.",
      '{What flights|Which flights} {do you have|are there} from {San Francisco|Portland|Atlanta} {next week|on <day>}?',
    ],
    change_flight: [
      'I need to {change|move} my flight on booking <ref> to {a later|an earlier|another} {one|day}.',
      '{Can|Could} I {switch|move} to a different flight? {My booking is|Booking} <ref>.',
      '{Something came up|My plans changed}, so I need to {fly|travel} {a day later|on <day>} instead. <ref>.',
    ],
    cancel_booking: [
      'I need to cancel my trip, booking <ref>.',
      "{Please|Can you} cancel {my booking|my flight} <ref>; {I can't travel|the trip is off}.",
      '{Is it too late|Can I still} cancel booking <ref>?',
    ],
    add_checked_bag: [
      "I'd like to add a {checked bag|suitcase} to booking <ref>.",
      '{Can|Could} I add {a bag|luggage|an extra suitcase} to my {booking|flight}, <ref>?',
    ],
    request_refund: [
      "I'd like a refund for booking <ref>{| please}.",
      "{My flight was cancelled|The flight was changed} and {I want|I'd like} {my money back|a refund}. <ref>.",
      '{Can I|Could I} get {a refund|my money back} on <ref>?',
    ],
  },
  reasons: {
    change_flight: [
      'My {meeting|conference|wedding} {moved|got moved} to <day>.',
      "{I|My <relative>} {got sick|can't travel on the original date}.",
    ],
    cancel_booking: ["{The trip|The event} {got cancelled|isn't happening} any more.", "I'm {not well enough|unable} to travel."],
    request_refund: [
      '{You|The airline} cancelled {the flight|it}, not me.',
      "The {new time|rebooked flight} {doesn't work|is useless} for me.",
    ],
  },
  life: [
    "{I'm flying|I fly} {for work|to see my <relative>} {a lot|next month}.",
    "I'm {at the airport|in <city>} {right now|already}, so {please be quick|it's a bit urgent}.",
  ],
};
