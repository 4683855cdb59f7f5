import type { ToolSpec } from '../../../../shared/domain';

/** Two retail tools whose descriptions name an order's and a customer's ids: enough for the id-kind checks. */
export const ORDER_TOOLS: ToolSpec[] = [
  {
    name: 'get_order',
    description: 'Look up one order. Orders on file: ORD-95347, ORD-82336.',
    parameters: { type: 'object', properties: { order_id: { type: 'string', description: 'The order number, for example ORD-95347.' } } },
  },
  {
    name: 'search_orders',
    description: "Find a customer's orders. Customers on file: CUS-4487.",
    parameters: { type: 'object', properties: { customer_id: { type: 'string', description: 'The customer.' } } },
  },
];
