/** The support desk's customers: a provider with tools and no dependencies of its own. */
import { Injectable } from '@nestjs/common';
import { Param, Tool, ToolError } from 'toolwright';

/** A customer of the shop. */
export interface Customer {
  id: string;
  name: string;
  email: string;
  tier: 'standard' | 'gold';
}

const CUSTOMERS: Customer[] = [
  { id: 'cus_1', name: 'Ada Lovelace', email: 'ada@example.com', tier: 'gold' },
  { id: 'cus_2', name: 'Grace Hopper', email: 'grace@example.com', tier: 'standard' },
  { id: 'cus_3', name: 'Alan Turing', email: 'alan@example.com', tier: 'standard' },
];

/** Looks customers up; other providers use it through DI. */
@Injectable()
export class CustomersService {
  /** The customer with this id, or undefined. */
  byId(id: string): Customer | undefined {
    return CUSTOMERS.find((customer) => customer.id === id);
  }

  /**
   * Finds a customer by email address.
   * @param email The customer's email address, such as ada@example.com.
   * @returns The customer: id, name, email and tier (standard or gold).
   * @throws ToolError if no customer has this email address.
   * @example {"email": "ada@example.com"}
   */
  @Tool({ annotations: { readOnlyHint: true } })
  findCustomer(@Param('email') email: string): Customer {
    const customer = CUSTOMERS.find((c) => c.email.toLowerCase() === email.trim().toLowerCase());
    if (!customer) throw new ToolError(`No customer with email "${email}"`);
    return customer;
  }
}
