/**
 * A new user's service, compiled by consumer.test.ts as a separate project that depends on the
 * built `toolwright` package, then run with node: it registers the service with no manifest,
 * makes good and bad calls, and prints one JSON report on stdout for the test to check.
 */
import 'reflect-metadata';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsEmail,
  IsIn,
  IsInt,
  IsOptional,
  IsString,
  Matches,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { Ctx, Param, Params, Tool, ToolError, ToolRegistry } from 'toolwright';
import type { ToolCallContext, ToolOutcome } from 'toolwright';

/** Where an order goes. */
export class Address {
  @IsString()
  street!: string;

  @Matches(/^\d{5}$/)
  zip!: string;
}

/** One line of an order. */
export class LineItem {
  @Matches(/^[A-Z]{3}-\d{3}$/)
  sku!: string;

  @IsInt()
  @Min(1)
  @Max(99)
  quantity!: number;
}

/** The whole input of `place_order`. */
export class OrderRequest {
  @IsEmail()
  email!: string;

  @IsIn(['standard', 'express'])
  shipping!: string;

  @ValidateNested()
  @Type(() => Address)
  address!: Address;

  @ArrayMaxSize(3)
  @ValidateNested({ each: true })
  @Type(() => LineItem)
  items!: LineItem[];

  @IsOptional()
  @IsString()
  note?: string;
}

/** The service a consumer exposes as tools. */
export class ShopService {
  /** Every method that actually ran, in order. */
  readonly dispatched: string[] = [];

  @Tool({ description: 'Quotes the price of a quantity of one product.' })
  quotePrice(
    @Param('sku') sku: string,
    @Param('quantity') quantity: number,
    @Param('deliverOn') deliverOn: Date,
    @Param('giftWrap', { optional: true, description: 'Wrap it as a gift.' }) giftWrap?: boolean,
  ): object {
    this.dispatched.push('quote_price');
    return {
      sku,
      total: quantity * 2.5,
      deliverOn: deliverOn.toISOString(),
      deliverOnIsDate: deliverOn instanceof Date,
      giftWrap: giftWrap ?? null,
    };
  }

  @Tool({ name: 'place_order', description: 'Places an order.' })
  placeOrder(@Params() order: OrderRequest, @Ctx() ctx: ToolCallContext): object {
    this.dispatched.push('place_order');
    return {
      orderIsDto: order instanceof OrderRequest,
      addressIsDto: order.address instanceof Address,
      itemsAreDtos: order.items.every((item) => item instanceof LineItem),
      units: order.items.reduce((sum, item) => sum + item.quantity, 0),
      toolName: ctx.toolName,
      toolUseId: ctx.toolUseId,
      user: (ctx.state as { user?: string } | undefined)?.user ?? null,
    };
  }

  @Tool({ description: 'Cancels an order.' })
  cancelOrder(@Param('orderId') orderId: string): string {
    this.dispatched.push('cancel_order');
    throw new ToolError(`Order ${orderId} has already shipped`);
  }

  @Tool({ description: 'Fails like a bug would.' })
  explode(@Param('reason') reason: string): string {
    this.dispatched.push('explode');
    throw new RangeError(reason);
  }

  @Tool({ description: 'Says whether an address is served.' })
  checkDelivery(@Param('address') address: Address): object {
    this.dispatched.push('check_delivery');
    return { addressIsDto: address instanceof Address, served: address.zip.startsWith('1') };
  }
}

/** One call the consumer makes, and what came back. */
interface CallReport {
  label: string;
  tool: string;
  outcome: ToolOutcome;
  dispatched: string[];
}

const MB = 1024 * 1024;

function nested(levels: number): unknown {
  let value: unknown = 'bottom';
  for (let i = 0; i < levels; i++) value = { inner: value };
  return value;
}

const quote = { sku: 'ABC-123', quantity: 4, deliverOn: '2025-03-01T12:00:00.000Z' };
const order = {
  email: 'ada@example.com',
  shipping: 'express',
  address: { street: '1 Main St', zip: '12345' },
  items: [
    { sku: 'ABC-123', quantity: 2 },
    { sku: 'XYZ-999', quantity: 99 },
  ],
};

/** Label, tool name, input; every one of these must come back `isError` without dispatch (but the two throwers). */
const badCalls: Array<[string, string, unknown]> = [
  ['unknown tool', 'refund_order', {}],
  ['input an array', 'quote_price', [quote]],
  ['input a number', 'quote_price', 42],
  ['input null', 'quote_price', null],
  ['input JSON text of an array', 'quote_price', '[1, 2]'],
  ['input invalid JSON text', 'quote_price', '{"sku": "ABC-123", '],
  ['missing property', 'quote_price', { sku: 'ABC-123', deliverOn: quote.deliverOn }],
  ['unknown property', 'quote_price', { ...quote, coupon: 'FREE' }],
  ['unknown property named like an Object method', 'place_order', { ...order, hasOwnProperty: 1 }],
  [
    'unknown nested property',
    'place_order',
    { ...order, address: { ...order.address, country: 'US' } },
  ],
  ['wrong type number', 'quote_price', { ...quote, quantity: '4' }],
  ['wrong type boolean', 'quote_price', { ...quote, giftWrap: 'yes' }],
  ['wrong type date', 'quote_price', { ...quote, deliverOn: 'next tuesday' }],
  ['non-finite number', 'quote_price', { ...quote, quantity: Infinity }],
  ['wrong type nested DTO', 'place_order', { ...order, address: 'Main St' }],
  ['constraint max', 'place_order', { ...order, items: [{ sku: 'ABC-123', quantity: 100 }] }],
  [
    'constraint min and integer',
    'place_order',
    { ...order, items: [{ sku: 'ABC-123', quantity: 0.5 }] },
  ],
  ['nested DTO parameter given an array', 'check_delivery', { address: [order.address] }],
  ['format email', 'place_order', { ...order, email: 'not-an-email' }],
  ['format pattern', 'place_order', { ...order, address: { street: 'x', zip: '1234' } }],
  ['enum', 'place_order', { ...order, shipping: 'teleport' }],
  ['array bounds', 'place_order', { ...order, items: [...order.items, ...order.items] }],
  ['size limit, 20 MB string', 'quote_price', { ...quote, sku: 'A'.repeat(20 * MB) }],
  [
    'size limit, 20 MB JSON text',
    'quote_price',
    JSON.stringify({ ...quote, sku: 'A'.repeat(20 * MB) }),
  ],
  ['depth limit, 100,000 levels', 'place_order', { ...order, address: nested(100_000) }],
  [
    'depth limit, 100,000 levels of JSON text',
    'place_order',
    `{"address":${'{"inner":'.repeat(100_000)}1${'}'.repeat(100_000)}}`,
  ],
  [
    'depth limit, 100,000 nested arrays',
    'quote_price',
    `{"sku":${'['.repeat(100_000)}${']'.repeat(100_000)}}`,
  ],
  ['forbidden key __proto__', 'quote_price', JSON.parse('{"__proto__": {"polluted": true}}')],
  [
    'forbidden key __proto__ in JSON text',
    'place_order',
    '{"address": {"__proto__": {"polluted": true}}}',
  ],
  [
    'forbidden key constructor',
    'place_order',
    { ...order, address: { constructor: { prototype: {} } } },
  ],
  ['forbidden key prototype', 'quote_price', { ...quote, prototype: { polluted: true } }],
  ['method throws ToolError', 'cancel_order', { orderId: 'A-1' }],
  ['method throws', 'explode', { reason: 'the disk is full' }],
];

async function main(): Promise<void> {
  const shop = new ShopService();
  const registry = new ToolRegistry().register(shop);
  const callAndRecord = async (label: string, name: string, input: unknown, state?: unknown) => {
    const before = shop.dispatched.length;
    const outcome = await registry.call(name, input, { toolUseId: 'toolu_01', state });
    return {
      label,
      tool: name,
      outcome,
      dispatched: shop.dispatched.slice(before),
    } satisfies CallReport;
  };
  const good: CallReport[] = [
    await callAndRecord('quote', 'quote_price', quote),
    await callAndRecord('quote with gift wrap', 'quote_price', { ...quote, giftWrap: true }),
    await callAndRecord('order', 'place_order', order, { user: 'ada' }),
    await callAndRecord('delivery', 'check_delivery', { address: order.address }),
    await callAndRecord('order as JSON text', 'place_order', JSON.stringify(order)),
    await callAndRecord('order with items double-encoded', 'place_order', {
      ...order,
      items: JSON.stringify(order.items),
    }),
  ];
  const bad: CallReport[] = [];
  for (const [label, name, input] of badCalls) bad.push(await callAndRecord(label, name, input));
  const report = {
    definitions: registry.toAnthropic(),
    names: registry.list().map((tool) => tool.name),
    good,
    bad,
    polluted: 'polluted' in {},
    objectPrototypeKeys: Object.getOwnPropertyNames(Object.prototype).sort(),
    optionalPeersLoaded: Object.keys(require.cache).filter((file) =>
      /[\\/](@nestjs|@modelcontextprotocol)[\\/]/.test(file),
    ),
  };
  process.stdout.write(JSON.stringify(report));
}

main().catch((error: unknown) => {
  process.stderr.write(`consumer crashed: ${(error as Error)?.stack ?? String(error)}\n`);
  process.exitCode = 1;
});
