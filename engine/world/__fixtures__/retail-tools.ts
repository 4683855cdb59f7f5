import type { ToolSpec } from '../../../shared/domain';

/** A small retail support tool set, as a drafted spec would declare it. The descriptions name the orders on file. */
export const RETAIL_TOOLS: ToolSpec[] = [
  {
    name: 'get_order',
    description: 'Look up one order by its id. Orders on file include ORD-1042 and ORD-2231.',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string', description: 'The order id, e.g. ORD-1042.' } },
      required: ['order_id'],
    },
  },
  {
    name: 'list_orders',
    description: "List a customer's orders by the email on their account.",
    parameters: {
      type: 'object',
      properties: {
        customer_email: { type: 'string', format: 'email' },
        status: { type: 'string', enum: ['pending', 'shipped', 'delivered', 'cancelled'] },
      },
      required: ['customer_email'],
    },
  },
  {
    name: 'issue_refund',
    description: 'Refund part or all of an order to the original payment method.',
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        amount: { type: 'number', description: 'Amount in the order currency.' },
        reason: { type: 'string' },
      },
      required: ['order_id', 'amount'],
    },
  },
  {
    name: 'cancel_order',
    description: 'Cancel an order that has not shipped yet.',
    parameters: {
      type: 'object',
      properties: { order_id: { type: 'string' } },
      required: ['order_id'],
    },
  },
  {
    name: 'search_products',
    description: 'Search the product catalogue by keywords.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, limit: { type: 'integer' } },
      required: ['query'],
    },
  },
];

/** Extra tools for the rules the retail set does not reach: creating, deleting, calculating. */
export const SUPPORT_TOOLS: ToolSpec[] = [
  {
    name: 'create_ticket',
    description: 'Open a support ticket about an order.',
    parameters: {
      type: 'object',
      properties: {
        order_id: { type: 'string' },
        subject: { type: 'string' },
        customer: {
          type: 'object',
          properties: { email: { type: 'string' }, name: { type: 'string' } },
          required: ['email'],
        },
      },
      required: ['subject', 'customer'],
    },
  },
  {
    name: 'get_ticket',
    description: 'Read a support ticket.',
    parameters: { type: 'object', properties: { ticket_id: { type: 'string' } }, required: ['ticket_id'] },
  },
  {
    name: 'delete_address',
    description: 'Remove a saved address.',
    parameters: { type: 'object', properties: { address_id: { type: 'string' } }, required: ['address_id'] },
  },
  {
    name: 'get_address',
    description: 'Read a saved address.',
    parameters: { type: 'object', properties: { address_id: { type: 'string' } }, required: ['address_id'] },
  },
  {
    name: 'calculate',
    description: 'Evaluate an arithmetic expression.',
    parameters: { type: 'object', properties: { expression: { type: 'string' } }, required: ['expression'] },
  },
];
