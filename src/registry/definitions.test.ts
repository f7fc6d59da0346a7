import 'reflect-metadata';
import {
  ArrayMaxSize,
  IsEmail,
  IsEnum,
  IsIn,
  IsInt,
  IsOptional,
  IsPositive,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { Type } from 'class-transformer';
import { Ctx, Param, Params, Tool } from '../decorators/toolSurface';
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { ToolRegistry } from './ToolRegistry';
import type { ToolCallContext } from '../index';
import { DATE_TIME_PATTERN } from '../schema/formatPatterns';

enum Priority {
  Low = 'low',
  High = 'high',
}

class LineItem {
  @IsString() sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

class OrderRequest {
  @IsEmail() email!: string;
  @IsIn(['standard', 'express']) shipping!: string;
  @Matches(/^[A-Z]{2}$/) country!: string;
  @IsEnum(Priority) priority!: Priority;
  @IsPositive() budget!: number;
  @ArrayMaxSize(5) @ValidateNested({ each: true }) @Type(() => LineItem) items!: LineItem[];
  @IsOptional() @IsString() note?: string;
}

class Category {
  @IsString() name!: string;
  @IsOptional() @ValidateNested({ each: true }) @Type(() => Category) children?: Category[];
}

class Shop {
  @Tool({
    description: 'Gets the current stock price.',
    examples: [{ symbol: 'GM' }],
    strict: true,
  })
  getCurrentStockPrice(@Param('symbol', { description: 'Ticker symbol' }) symbol: string): number {
    return symbol.length;
  }

  @Tool({ name: 'place_order', requiresApproval: true, cacheControl: { type: 'ephemeral' } })
  place(@Params() order: OrderRequest, @Ctx() _ctx: ToolCallContext): string {
    return order.email;
  }

  @Tool()
  schedule(
    @Param('at') at: Date,
    @Param('count') count: number,
    @Param('urgent', { optional: true }) urgent?: boolean,
  ): string {
    return `${at.toISOString()} ${count} ${urgent}`;
  }

  @Tool()
  addCategory(@Param('category') category: Category): string {
    return category.name;
  }
}

describe('tool definitions without a manifest', () => {
  const registry = new ToolRegistry().register(new Shop());

  it('names tools in snake_case unless told, and keeps registration order', () => {
    expect(registry.list().map((t) => t.name)).toEqual([
      'get_current_stock_price',
      'place_order',
      'schedule',
      'add_category',
    ]);
  });

  it('renders Anthropic definitions with examples, strict and cache_control passed through', () => {
    expect(registry.toAnthropic()[0]).toEqual({
      name: 'get_current_stock_price',
      description: 'Gets the current stock price.',
      input_schema: {
        type: 'object',
        properties: { symbol: { type: 'string', description: 'Ticker symbol' } },
        required: ['symbol'],
        additionalProperties: false,
      },
      input_examples: [{ symbol: 'GM' }],
      strict: true,
    });
    const place = registry.toAnthropic()[1];
    expect(place.cache_control).toEqual({ type: 'ephemeral' });
    expect(place).not.toHaveProperty('requiresApproval');
    expect(registry.get('place_order')?.options).toEqual({
      requiresApproval: true,
      cacheControl: { type: 'ephemeral' },
    });
  });

  it('derives primitives, Date and optional parameters from emitted types', () => {
    expect(registry.get('schedule')?.inputSchema).toEqual({
      type: 'object',
      properties: {
        // The part of RFC 3339 the Date transform turns into a valid Date.
        at: { type: 'string', format: 'date-time', pattern: DATE_TIME_PATTERN },
        count: { type: 'number' },
        urgent: { type: 'boolean' },
      },
      required: ['at', 'count'],
      additionalProperties: false,
    });
  });

  it('flattens a @Params DTO with nested DTOs and class-validator constraints', () => {
    expect(registry.get('place_order')?.inputSchema).toEqual({
      type: 'object',
      properties: {
        email: { type: 'string', format: 'email' },
        shipping: { type: 'string', enum: ['standard', 'express'] },
        country: { type: 'string', pattern: '^[A-Z]{2}$' },
        priority: { type: 'string', enum: ['low', 'high'] },
        budget: { type: 'number', exclusiveMinimum: 0 },
        items: {
          type: 'array',
          maxItems: 5,
          items: {
            type: 'object',
            properties: {
              sku: { type: 'string' },
              quantity: { type: 'integer', minimum: 1, maximum: 99 },
            },
            required: ['sku', 'quantity'],
            additionalProperties: false,
          },
        },
        note: { type: 'string' },
      },
      required: ['email', 'shipping', 'country', 'priority', 'budget', 'items'],
      additionalProperties: false,
    });
  });

  it('describes a recursive DTO with $defs (at the root, where #/$defs points) and $ref', async () => {
    const input = registry.get('add_category')?.inputSchema;
    const category = {
      type: 'object',
      properties: {
        name: { type: 'string' },
        children: { type: 'array', items: { $ref: '#/$defs/Category' } },
      },
      required: ['name'],
      additionalProperties: false,
    };
    expect(input?.properties.category).toEqual(category);
    expect(input?.$defs).toEqual({ Category: category });
    const outcome = await registry.call('add_category', {
      category: { name: 'a', children: [{ name: 'b', children: [{ name: 3 }] }] },
    });
    expect(outcome.content).toContain(
      'category.children[0].children[0].name: name must be a string',
    );
  });

  it('a bound two decorators state is the stricter, as class-validator runs both', async () => {
    // Either order: codegen reads them top down, class-validator's storage bottom up.
    class Signup {
      @IsString() @MaxLength(20) @Length(2, 10) name!: string;
      @IsInt() @Min(1) @Min(5) age!: number;
    }
    class Accounts {
      @Tool() signUp(@Params() signup: Signup): string {
        return signup.name;
      }
    }
    const r = new ToolRegistry().register(new Accounts());
    expect(r.get('sign_up')?.inputSchema.properties).toEqual({
      name: { type: 'string', minLength: 2, maxLength: 10 },
      age: { type: 'integer', minimum: 5 },
    });
    const refused = await r.call('sign_up', { name: 'a'.repeat(15), age: 3 });
    expect(refused.isError).toBe(true);
    expect(refused.content).toMatch(/name.*10[\s\S]*age.*5/);
    expect((await r.call('sign_up', { name: 'ada', age: 5 })).content).toBe('ada');
  });

  it('fires onChange after register and stops after unsubscribe', () => {
    const fresh = new ToolRegistry();
    const seen: number[] = [];
    const off = fresh.onChange(() => seen.push(fresh.list().length));
    fresh.register(new Shop());
    off();
    class Other {
      @Tool() ping(): string {
        return 'pong';
      }
    }
    fresh.register(new Other());
    expect(seen).toEqual([4]);
    expect(fresh.list()).toHaveLength(5);
  });
});

describe('definition errors at register()', () => {
  const register = (instance: object) => () => new ToolRegistry().register(instance);

  it('names class, method and index of a parameter without a decorator', () => {
    class Bad {
      @Tool() price(@Param('symbol') _s: string, _currency: string) {}
    }
    expect(register(new Bad())).toThrow(ToolDefinitionError);
    expect(register(new Bad())).toThrow(
      "Bad.price parameter #1 has no @Param, @Params or @Ctx; add @Param('name') (or @Params(Dto) for a DTO class, @Ctx() for the call context)",
    );
  });

  it('says to name the parameter or run codegen when a name is only in the source', () => {
    class Unnamed {
      @Tool() price(@Param() _symbol: string) {}
    }
    expect(register(new Unnamed())).toThrow(
      /Unnamed\.price parameter #0 has @Param\(\) without a name.*add @Param\('name'\) or run toolwright codegen/,
    );
  });

  it('says what to do for a type erased at run time', () => {
    interface Point {
      x: number;
    }
    class Erased {
      @Tool() move(@Param('to') _to: Point) {}
    }
    expect(register(new Erased())).toThrow(
      /Erased\.move parameter #0 \("to"\) has a type that is erased at run time.*run toolwright codegen/,
    );
    class ErasedArray {
      @Tool() tag(@Param('tags') _t: string[]) {}
    }
    expect(register(new ErasedArray())).toThrow(
      /element type is erased.*schema: \{ type: 'array', items/,
    );
  });

  it('accepts a schema fragment where the run-time type says too little', () => {
    class Explicit {
      @Tool() pick(
        @Param('color', { schema: { type: 'string', enum: ['red', 'blue'] } }) c: 'red' | 'blue',
      ) {
        return c;
      }
    }
    const r = new ToolRegistry().register(new Explicit());
    expect(r.get('pick')?.inputSchema.properties.color).toEqual({
      type: 'string',
      enum: ['red', 'blue'],
    });
  });

  it('rejects duplicate tool names, naming both classes', () => {
    class A {
      @Tool() search(@Param('q') _q: string) {}
    }
    class B {
      @Tool({ name: 'search' }) find(@Param('q') _q: string) {}
    }
    expect(() => new ToolRegistry().register(new A(), new B())).toThrow(
      'Duplicate tool name "search": A.search and B.find; give one of them @Tool({ name: \'...\' })',
    );
    const r = new ToolRegistry().register(new A());
    expect(() => r.register(new B())).toThrow(/Duplicate tool name "search"/);
    expect(r.list()).toHaveLength(1);
  });

  it('rejects names the API would refuse', () => {
    class Spaces {
      @Tool({ name: 'get weather' }) weather() {}
    }
    expect(register(new Spaces())).toThrow(
      /has the tool name "get weather", which the API refuses/,
    );
  });

  it('rejects @Params whose type is not a validated class, and @Params mixed with @Param', () => {
    interface Plain {
      a: string;
    }
    class NotDto {
      @Tool() run(@Params() _p: Plain) {}
    }
    expect(register(new NotDto())).toThrow(
      /is @Params\(\) but its type is not a class with class-validator decorators/,
    );
    class Mixed {
      @Tool() run(@Params() _o: OrderRequest, @Param('x') _x: string) {}
    }
    expect(register(new Mixed())).toThrow(/mixes @Params\(\) with other input parameters/);
  });

  it('rejects two decorators on one parameter', () => {
    class Twice {
      @Tool() run(@Param('a') @Ctx() _a: string) {}
    }
    expect(register(new Twice())).toThrow(/Twice\.run parameter #0 has 2 toolwright decorators/);
  });
});
