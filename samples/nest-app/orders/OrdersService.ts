/**
 * The support desk's orders. Depends on `CustomersService` through Nest's DI: its tools
 * answer with the customer's name, which only the injected service knows.
 */
import { Inject, Injectable } from '@nestjs/common';
import { Param, Tool, ToolError } from 'toolwright';
import { CustomersService } from '../customers/CustomersService';

/** An order, with what has been refunded of it so far. */
export interface Order {
  id: string;
  customerId: string;
  status: 'pending' | 'shipped' | 'delivered';
  items: { product: string; quantity: number; unitPriceCents: number }[];
  totalCents: number;
  refundedCents: number;
}

/** An order as the tools show it: with its customer's name. */
export interface OrderView extends Order {
  customerName: string;
}

const ORDERS: Order[] = [
  {
    id: 'ord_1001',
    customerId: 'cus_1',
    status: 'delivered',
    items: [{ product: 'Mechanical keyboard', quantity: 1, unitPriceCents: 8900 }],
    totalCents: 8900,
    refundedCents: 0,
  },
  {
    id: 'ord_1002',
    customerId: 'cus_1',
    status: 'shipped',
    items: [{ product: 'USB-C hub', quantity: 2, unitPriceCents: 2000 }],
    totalCents: 4000,
    refundedCents: 0,
  },
  {
    id: 'ord_1003',
    customerId: 'cus_2',
    status: 'delivered',
    items: [{ product: 'Standing desk', quantity: 1, unitPriceCents: 49900 }],
    totalCents: 49900,
    refundedCents: 0,
  },
];

/** Orders by id and by customer; holds its own copy of the data, so refunds can change it. */
@Injectable()
export class OrdersService {
  private readonly orders = new Map(ORDERS.map((order) => [order.id, structuredClone(order)]));

  // `@Inject(...)` names the dependency as a value, so DI works even where decorator
  // metadata is not emitted (esbuild, tsx) and `import type` cannot break it.
  constructor(@Inject(CustomersService) private readonly customers: CustomersService) {}

  /**
   * Gets one order: its customer, status, items, total and what was already refunded.
   * @param orderId The order's id, such as ord_1001.
   * @returns The order, with amounts in cents and the customer's name.
   * @throws ToolError if there is no such order.
   * @example {"orderId": "ord_1001"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  getOrder(@Param('orderId') orderId: string): OrderView {
    return this.view(this.require(orderId));
  }

  /**
   * Lists the orders of a customer found by email address.
   * @param email The customer's email address.
   * @returns The customer's orders, newest last, with amounts in cents.
   * @throws ToolError if no customer has this email address.
   */
  @Tool({ annotations: { readOnlyHint: true } })
  listOrders(@Param('email') email: string): OrderView[] {
    const customer = this.customers.findCustomer(email);
    return [...this.orders.values()]
      .filter((o) => o.customerId === customer.id)
      .map((o) => this.view(o));
  }

  /** The order, or a ToolError the model can act on. */
  require(orderId: string): Order {
    const order = this.orders.get(orderId);
    if (!order) throw new ToolError(`No order "${orderId}"; order ids look like ord_1001`);
    return order;
  }

  private view(order: Order): OrderView {
    return { ...order, customerName: this.customers.byId(order.customerId)?.name ?? 'unknown' };
  }
}
