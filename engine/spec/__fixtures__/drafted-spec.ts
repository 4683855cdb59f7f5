/** A spec a model might draft from "a bookshop assistant that refunds only with a receipt". */
export const DRAFTED_SPEC = {
  name: 'Bookshop refunds',
  agent_name: 'Page',
  role: 'a customer assistant for an online bookshop',
  policy_rules: ['Refund an order only after the customer confirms the order number.', "Never share another customer's address."],
  tools: [
    {
      name: 'get_order',
      description: 'Look an order up by its id. Orders on file: BK-1001, BK-1002.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' } }, required: ['order_id'] },
    },
    {
      name: 'refund_order',
      description: 'Refund an order in full.',
      parameters: { type: 'object', properties: { order_id: { type: 'string' }, reason: { type: 'string' } }, required: ['order_id'] },
    },
  ],
  known_ids: ['BK-1001', 'BK-1002'],
  result_shapes: { get_order: { order_id: 'BK-1001', status: 'shipped', total: 24.5 } },
};
