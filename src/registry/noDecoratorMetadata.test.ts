/**
 * Code compiled without decorator metadata, as tsx, esbuild and Vitest compile it: the
 * decorators are applied by hand here, so no `design:paramtypes` exists (Jest's transform would emit it).
 * `@Params(Dto)` names the class; `@Param()` takes everything from the manifest; what cannot work
 * says why (naming tsx, esbuild and Vitest) and the fix.
 */
import 'reflect-metadata';
import { IsInt, IsString, Max } from 'class-validator';
import { Param, Params, Tool } from '../decorators/toolSurface';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { ToolRegistry } from './ToolRegistry';
import type { JsonSchema, ManifestTool, ToolManifest } from '../index';

class OrderRequest {
  @IsString() sku!: string;
  @IsInt() @Max(99) quantity!: number;
}

/** Applies decorators the way a compiler without emitDecoratorMetadata does: no design types. */
function decorate(
  target: { prototype: object },
  method: string,
  params: ParameterDecorator[],
): void {
  params.forEach((param, index) => param(target.prototype, method, index));
  const descriptor = Object.getOwnPropertyDescriptor(target.prototype, method)!;
  Tool()(target.prototype, method, descriptor);
}

class Shop {
  place(order: OrderRequest): string {
    return `${order instanceof OrderRequest ? 'dto' : 'plain'} ${order.quantity} x ${order.sku}`;
  }
  price(symbol: string): string {
    return `price of ${symbol}`;
  }
}
decorate(Shop, 'place', [Params(OrderRequest)]);
decorate(Shop, 'price', [Param()]);

const manifest: ToolManifest = {
  version: 1,
  tools: [
    {
      name: 'place',
      description: 'Places an order.',
      inputSchema: {
        type: 'object',
        properties: { sku: { type: 'string' }, quantity: { type: 'integer', maximum: 99 } },
        required: ['sku', 'quantity'],
        additionalProperties: false,
      },
      target: { class: 'Shop', method: 'place', file: 'src/Shop.ts', line: 3 },
      params: [{ kind: 'spread', index: 0, type: 'OrderRequest' }],
    },
    {
      name: 'price',
      description: 'Prices a symbol.',
      inputSchema: {
        type: 'object',
        properties: { symbol: { type: 'string' } },
        required: ['symbol'],
        additionalProperties: false,
      },
      target: { class: 'Shop', method: 'price', file: 'src/Shop.ts', line: 6 },
      params: [
        { kind: 'named', index: 0, name: 'symbol', optional: false, schema: { type: 'string' } },
      ],
    },
  ],
};

describe('without decorator metadata (tsx, esbuild, Vitest)', () => {
  it('@Params(Dto) and @Param() with the manifest: validated calls, a DTO instance', async () => {
    const registry = new ToolRegistry({ manifest }).register(new Shop());
    expect(await registry.call('place', { sku: 'ABC', quantity: 2 })).toEqual({
      content: 'dto 2 x ABC',
      isError: false,
    });
    expect(await registry.call('place', { sku: 'ABC', quantity: 100 })).toEqual({
      content: 'Invalid input for tool "place":\nquantity: quantity must not be greater than 99',
      isError: true,
    });
    expect(await registry.call('price', { symbol: 'GM' })).toEqual({
      content: 'price of GM',
      isError: false,
    });
  });

  it('@Params(Dto) without a manifest derives the schema from the class', () => {
    class Orders {
      place(order: OrderRequest): string {
        return order.sku;
      }
    }
    decorate(Orders, 'place', [Params(OrderRequest)]);
    const registry = new ToolRegistry().register(new Orders());
    expect(registry.get('place')?.inputSchema.properties).toEqual({
      sku: { type: 'string' },
      quantity: { type: 'integer', maximum: 99 },
    });
  });

  it('@Params() without the class says to pass it, with the manifest and without', () => {
    class Bare {
      place(order: OrderRequest): string {
        return order.sku;
      }
    }
    decorate(Bare, 'place', [Params()]);
    const bareManifest: ToolManifest = {
      version: 1,
      tools: [{ ...manifest.tools[0]!, target: { ...manifest.tools[0]!.target, class: 'Bare' } }],
    };
    const expected =
      /^Bare\.place parameter #0 is @Params\(\) without a class and this code was compiled without decorator metadata \(tsx, esbuild and Vitest do not emit it; .*\); pass the DTO class: @Params\(OrderRequest\)$/;
    expect(() => new ToolRegistry({ manifest: bareManifest }).register(new Bare())).toThrow(
      expected,
    );
    expect(() => new ToolRegistry().register(new Bare())).toThrow(expected);
    expect(() => new ToolRegistry().register(new Bare())).toThrow(ToolDefinitionError);
  });

  it('@Param(name) without a manifest says why it has no type and to run codegen', () => {
    class Named {
      price(symbol: string): string {
        return symbol;
      }
    }
    decorate(Named, 'price', [Param('symbol')]);
    expect(() => new ToolRegistry().register(new Named())).toThrow(
      /^Named\.price parameter #0 \("symbol"\) has no run-time type: this code was compiled without decorator metadata \(tsx, esbuild and Vitest .*; run toolwright codegen and pass the manifest, or add @Param\('symbol', \{ schema: \{ \.\.\. \} \}\)$/,
    );
  });

  it('@Params(x) with something that is not a class is a definition error', () => {
    class Wrong {
      place(order: OrderRequest): string {
        return order.sku;
      }
    }
    decorate(Wrong, 'place', [Params('OrderRequest' as never)]);
    expect(() => new ToolRegistry().register(new Wrong())).toThrow(
      'Wrong.place parameter #0 is @Params(OrderRequest), which is not a class; pass the DTO class, as in @Params(OrderRequest)',
    );
  });

  describe('a named @Param whose argument is a class (the manifest says which)', () => {
    class Planner {
      schedule(on: Date): string {
        return on instanceof Date ? `date ${on.toISOString()}` : `not a date: ${typeof on}`;
      }
      place(order: OrderRequest): string {
        return `${order instanceof OrderRequest ? 'dto' : 'plain'} ${order.quantity} x ${order.sku}`;
      }
    }
    const tool = (
      method: string,
      name: string,
      schema: JsonSchema,
      type: string,
    ): ManifestTool => ({
      name: method,
      description: `${method}.`,
      inputSchema: {
        type: 'object' as const,
        properties: { [name]: schema },
        required: [name],
        additionalProperties: false as const,
      },
      target: { class: 'Planner', method, file: 'src/Planner.ts', line: 1 },
      params: [{ kind: 'named' as const, index: 0, name, optional: false, schema, type }],
    });
    const orderSchema = manifest.tools[0]!.inputSchema;
    const plannerManifest: ToolManifest = {
      version: 1,
      tools: [
        tool('schedule', 'on', { type: 'string', format: 'date-time' }, 'Date'),
        tool('place', 'order', orderSchema, 'OrderRequest'),
      ],
    };

    it('Date: the method gets a Date, as it does with decorator metadata', async () => {
      class DatePlanner extends Planner {}
      decorate(DatePlanner, 'schedule', [Param()]);
      const registry = new ToolRegistry({
        manifest: { version: 1, tools: [plannerManifest.tools[0]!] },
      }).register(new DatePlanner());
      expect(await registry.call('schedule', { on: '2026-11-23T10:00:00Z' })).toEqual({
        content: 'date 2026-11-23T10:00:00.000Z',
        isError: false,
      });
    });

    it('a DTO class: register() says to pass it, naming tsx, esbuild and Vitest', () => {
      class DtoPlanner extends Planner {}
      decorate(DtoPlanner, 'place', [Param()]);
      const only: ToolManifest = { version: 1, tools: [plannerManifest.tools[1]!] };
      expect(() => new ToolRegistry({ manifest: only }).register(new DtoPlanner())).toThrow(
        /^DtoPlanner\.place parameter #0 is the DTO class OrderRequest but this code was compiled without decorator metadata \(tsx, esbuild and Vitest do not emit it; .*\); pass the class: @Param\(\{ type: OrderRequest \}\)$/,
      );
    });

    it('a DTO class given by @Param({ type }): an instance, validated by its decorators', async () => {
      class TypedPlanner extends Planner {}
      decorate(TypedPlanner, 'place', [Param({ type: OrderRequest })]);
      const registry = new ToolRegistry({
        manifest: { version: 1, tools: [plannerManifest.tools[1]!] },
      }).register(new TypedPlanner());
      expect(await registry.call('place', { order: { sku: 'ABC', quantity: 2 } })).toEqual({
        content: 'dto 2 x ABC',
        isError: false,
      });
      const refused = await registry.call('place', { order: { sku: 'ABC', quantity: 100 } });
      expect(refused.isError).toBe(true);
      expect(refused.content).toMatch(/order\.quantity: .*99/);
    });
  });
});

describe('a tool class with constructor parameters, compiled without emitDecoratorMetadata', () => {
  class Prices {
    constructor(readonly prices: Map<string, number>) {}
    price(symbol: string): string {
      return `price of ${symbol}: ${this.prices.get(symbol)}`;
    }
  }
  decorate(Prices, 'price', [Param()]);
  const priceOf = (className: string): ToolManifest => ({
    version: 1,
    tools: [{ ...manifest.tools[1]!, target: { ...manifest.tools[1]!.target, class: className } }],
  });
  /** What register() told its logger. */
  const warnings = (toolManifest: ToolManifest, instance: object): string[] => {
    const logged: string[] = [];
    const logger = { warn: (message: string) => void logged.push(message) };
    new ToolRegistry({ manifest: toolManifest, logger }).register(instance);
    return logged;
  };

  it('register() warns that a container (NestJS) injects undefined, and says the fix', () => {
    expect(warnings(priceOf('Prices'), new Prices(new Map()))).toEqual([
      'toolwright: Prices was compiled without "emitDecoratorMetadata" (its @Tool methods have no design:paramtypes) and its constructor takes 1 parameter: a container such as NestJS injects undefined for each, and its tools fail when called; add "emitDecoratorMetadata": true to compilerOptions in tsconfig.json (TW216)',
    ]);
  });

  it('says nothing of a class without constructor parameters, or one compiled with the metadata', () => {
    expect(warnings(manifest, new Shop())).toEqual([]);
    // The SWC test transform compiles this file with emitDecoratorMetadata: the method has design:paramtypes.
    class Compiled {
      constructor(readonly prices: Map<string, number>) {}
      @Tool()
      price(@Param() symbol: string): string {
        return `${symbol}: ${this.prices.get(symbol)}`;
      }
    }
    expect(warnings(priceOf('Compiled'), new Compiled(new Map()))).toEqual([]);
  });
});
