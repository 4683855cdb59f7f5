import type { Phrasebook } from './phrasebook';

export const foodDelivery: Phrasebook = {
  things: { order: ['my order', 'my food', 'my delivery', 'dinner'], customer: ['my account'] },
  idNames: { order: ['order number', 'order #'], customer: ['customer number', 'account number'] },
  goals: {
    get_order_status: [
      "{Where's|Where is} my food? {I ordered|It's been} {an hour ago|ages}. Order <ref>.",
      '{Can you|Could you} {check on|track} order <ref>? {It says|The app says} ' +
        "{delivered|on its way} but {nothing's here|I don't have it}.",
      "{How long|When} until order <ref> {arrives|gets here}? {We're|I'm} starving.",
    ],
    get_order_items: [
      "{Can you|Could you} tell me what was {in|on} order <ref>? I {think something's missing|want to check the items}.",
      "{What did I|What exactly did I} order {last night|earlier}? {It's|The number is} <ref>.",
    ],
    report_missing_item: [
      '{Something|An item} was missing from order <ref>{| when it arrived}.',
      "{My|The} {drinks|side|dessert} {weren't|wasn't} in the bag. Order <ref>.",
      '{Half of|Part of} order <ref> {never turned up|was missing}.',
    ],
    issue_refund: [
      "I'd like a refund for order <ref>{|, it was a mess}.",
      '{The food|My order} {arrived cold|was wrong|never came}. {Can I|Could I} get {my money back|a refund}? <ref>.',
    ],
    cancel_order: [
      "{Can you|Could you} cancel order <ref>? {It's taking too long|I ordered by mistake}.",
      '{Please|I need to} cancel <ref>{| before it goes out}.',
    ],
    message_courier: [
      "{Can you|Could you} {tell|message} the {driver|courier} {to call me|I'm at the side door|to leave it at reception}? Order <ref>.",
      "{The driver|My courier} {can't find|is lost looking for} my {building|flat}. " +
        '{Can you pass on|Could you tell them} {the gate code|directions}? <ref>.',
    ],
    apply_account_credit: [
      "I was told I'd get {a credit|some credit} on my account " +
        '{for the last order|after the mix-up}. {My customer number is|Account} <ref>.',
      '{Can you|Could you} {put|add} {a credit|something} on my account <ref> {for the trouble|after last night}?',
    ],
  },
  reasons: {
    issue_refund: ['{The food|It} arrived {cold|squashed|an hour late}.', "{It wasn't|That's not} what I ordered."],
    cancel_order: [
      "It's been {over an hour|ages} and it {hasn't|still hasn't} left the restaurant.",
      'I ordered {from the wrong place|twice by mistake}.',
    ],
  },
  life: [
    "{We've got|I have} {friends|guests|the kids} {over|waiting}{, so|;} {timing matters|I'm under pressure}.",
    "I'm {at the office|working late} and {this is my dinner|I haven't eaten}.",
  ],
};
