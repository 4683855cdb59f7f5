import type { Phrasebook } from './phrasebook';

export const itHelpdesk: Phrasebook = {
  things: { employee: ['my account', 'my login'], ticket: ['my ticket', 'the ticket'], device: ['my laptop', 'the laptop'] },
  idNames: { employee: ['employee ID', 'staff number'], ticket: ['ticket number', 'incident number'], device: ['asset tag', 'device ID'] },
  goals: {
    lookup_employee: [
      "{Can you|Could you} check {my account|my details} {in the system|on your side}? {My employee ID is|I'm} <ref>.",
      '{Can you see|Do you have} {my record|me} {in the directory|on file}? <ref>.',
    ],
    get_ticket: [
      "{What's happening with|Any update on} ticket <ref>?",
      "I {raised|logged} a ticket {last week|a few days ago} and {nothing's happened|heard nothing}. {It's|Ticket} <ref>.",
    ],
    create_ticket: [
      "{My laptop|My monitor|The VPN} {won't connect|keeps crashing|stopped working} {this morning|since the update}. " +
        "{Can you|Could you} {log a ticket|raise a ticket}? {My employee ID is|I'm} <ref>.",
      "I need to {report|log} {a problem|an issue} with {my email|the printer|Teams}. {Employee ID|I'm} <ref>.",
    ],
    reset_password: [
      "I'm locked out and need a password reset. {My employee ID is|I'm} <ref>.",
      "I {forgot|can't remember} my password {after the holidays|again}. {Can you reset it|Could you reset it}? <ref>.",
    ],
    unlock_account: [
      "My account {got locked|is locked} after {too many tries|I mistyped my password}. {Employee ID|I'm} <ref>.",
      "{Can you|Could you} unlock my account? {It's|I'm} <ref>.",
    ],
    grant_software_access: [
      "I need access to {Figma|Salesforce|the finance system} for {a new project|my new role}. {Employee ID|I'm} <ref>.",
      "{Can|Could} I get {a licence|access} for {Tableau|Photoshop|the CRM}? {My employee ID is|I'm} <ref>.",
    ],
    wipe_device: [
      "{My laptop|The laptop} was {stolen|lost} {on the train|at the airport}. {Can you|Please} wipe it. {Asset tag|It's} <ref>.",
      "I'm {handing back|returning} {my laptop|a device} and it needs wiping: <ref>.",
    ],
  },
  reasons: {
    grant_software_access: [
      '{My manager|Priya in finance} {said|told me} to ask for it.',
      'I started in {the new team|this role} {on <day>|this week}.',
    ],
    create_ticket: [
      "{I have|There's} a {client call|deadline} {in an hour|this afternoon}.",
      '{Everyone|Half the team} on my floor has the same problem.',
    ],
  },
  life: [
    "I'm {working from home|in the <city> office} today.",
    "{I've got|There's} a {presentation|board meeting} {soon|this afternoon} and I {need|can't work without} it.",
  ],
};
