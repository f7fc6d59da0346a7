import 'reflect-metadata';
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
import { Type } from 'class-transformer';
import {
  Ctx,
  Param,
  Params,
  Tool,
  ToolError,
  imageContent,
  toolContent,
} from '../decorators/toolSurface';
import { ToolRegistry } from './ToolRegistry';
import type { ToolCallContext } from '../index';
import { hasLoneSurrogate } from '../text/cutAtCodePoint';

class LineItem {
  @IsString() sku!: string;
  @IsInt() @Min(1) @Max(99) quantity!: number;
}

class OrderRequest {
  @IsEmail() email!: string;
  @IsIn(['standard', 'express']) shipping!: string;
  @Matches(/^[A-Z]{2}$/) country!: string;
  @ArrayMaxSize(3) @ValidateNested({ each: true }) @Type(() => LineItem) items!: LineItem[];
  @IsOptional() @IsString() note?: string;
}

class Desk {
  readonly received: unknown[][] = [];

  @Tool()
  quote(
    @Param('symbol') symbol: string,
    @Param('count') count: number,
    @Param('at') at: Date,
    @Param('exact', { optional: true }) exact?: boolean,
  ) {
    this.received.push([symbol, count, at, exact]);
    return {
      symbol,
      total: count * 2,
      at: at instanceof Date ? at.toISOString() : 'not a Date',
      exact,
    };
  }

  @Tool({ name: 'place_order' })
  place(@Params() order: OrderRequest, @Ctx() ctx: ToolCallContext<{ user: string }>) {
    this.received.push([order]);
    return `${ctx.state.user} ordered ${order.items.length} item(s) as ${ctx.toolName}/${ctx.toolUseId}; dto=${order instanceof OrderRequest} item=${order.items[0] instanceof LineItem}`;
  }

  @Tool()
  fail(@Param('how') how: string): string {
    this.received.push([how]);
    if (how === 'tool') throw new ToolError('No ticker symbol for "Acme"');
    if (how === 'string') throw 'plain string thrown';
    class TickerNotFound extends Error {
      override name = 'TickerNotFound';
    }
    throw new TickerNotFound('unknown ticker ZZZ');
  }

  @Tool({ timeoutMs: 30 })
  slow(@Param('ms') ms: number, @Ctx() ctx: ToolCallContext): Promise<string> {
    this.received.push([ms]);
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve('finished'), ms);
      ctx.signal.addEventListener('abort', () => {
        clearTimeout(timer);
        this.received.push(['aborted', String(ctx.signal.reason?.message ?? ctx.signal.reason)]);
      });
    });
  }

  @Tool()
  chart(): unknown {
    return toolContent('GM this week:', imageContent(Buffer.from([1, 2, 3]), 'image/png'));
  }

  @Tool()
  nothing(): void {}
}

const order = {
  email: 'ada@example.com',
  shipping: 'express',
  country: 'US',
  items: [{ sku: 'A-1', quantity: 2 }],
};

describe('registry.call', () => {
  let desk: Desk;
  let registry: ToolRegistry;
  beforeEach(() => {
    desk = new Desk();
    registry = new ToolRegistry().register(desk);
  });

  const rejected = async (name: string, input: unknown): Promise<string> => {
    const outcome = await registry.call(name, input);
    expect(outcome.isError).toBe(true);
    expect(desk.received).toEqual([]);
    expect(typeof outcome.content).toBe('string');
    return outcome.content as string;
  };

  describe('dispatch', () => {
    it('passes named arguments in declaration order, with a Date as a Date', async () => {
      const outcome = await registry.call('quote', {
        symbol: 'GM',
        count: 3,
        at: '2024-05-01T10:00:00Z',
      });
      expect(outcome).toEqual({
        isError: false,
        content: '{"symbol":"GM","total":6,"at":"2024-05-01T10:00:00.000Z"}',
      });
      expect(desk.received[0][2]).toBeInstanceOf(Date);
    });

    it('accepts the input as JSON text, as OpenAI-style raw arguments arrive', async () => {
      const outcome = await registry.call(
        'quote',
        '{"symbol":"GM","count":1,"at":"2024-05-01T10:00:00Z","exact":true}',
      );
      expect(outcome.isError).toBe(false);
      expect(desk.received[0][3]).toBe(true);
    });

    it('gives a @Params method its DTO instance with nested DTO instances and the context', async () => {
      const outcome = await registry.call('place_order', order, {
        toolUseId: 'toolu_1',
        state: { user: 'ada' },
      });
      expect(outcome).toEqual({
        isError: false,
        content: 'ada ordered 1 item(s) as place_order/toolu_1; dto=true item=true',
      });
    });

    it('decodes an array property the model sent as a string of JSON', async () => {
      const outcome = await registry.call(
        'place_order',
        { ...order, items: JSON.stringify(order.items) },
        { state: { user: 'bo' } },
      );
      expect(outcome.isError).toBe(false);
    });

    it('returns content blocks and empty text for void', async () => {
      expect(await registry.call('chart', {})).toEqual({
        isError: false,
        content: [
          { type: 'text', text: 'GM this week:' },
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'AQID' } },
        ],
      });
      expect(await registry.call('nothing', {})).toEqual({ isError: false, content: '' });
    });

    it('check() validates without running', async () => {
      expect(
        await registry.check('quote', { symbol: 'GM', count: 1, at: '2024-05-01T10:00:00Z' }),
      ).toEqual({
        ok: true,
        input: { symbol: 'GM', count: 1, at: '2024-05-01T10:00:00Z' },
      });
      expect(await registry.check('quote', { symbol: 1 })).toEqual({
        ok: false,
        error:
          'Invalid input for tool "quote":\ncount: count is required\nat: at is required\nsymbol: symbol must be a string',
      });
      expect(desk.received).toEqual([]);
    });
  });

  describe('what the model gets when a call is not dispatched', () => {
    it('unknown tool: lists valid names', async () => {
      expect(await rejected('get_weather', {})).toBe(
        'Unknown tool "get_weather". Available tools: quote, place_order, fail, slow, chart, nothing.',
      );
    });

    it('unknown tool: checked with options a JavaScript caller left null, still answered', async () => {
      const check = registry.check.bind(registry) as (...args: unknown[]) => Promise<unknown>;
      expect(await check('get_weather', {}, null)).toEqual({
        ok: false,
        error:
          'Unknown tool "get_weather". Available tools: quote, place_order, fail, slow, chart, nothing.',
      });
    });

    it('unknown tool: a long name is cut before an emoji, never inside it', async () => {
      // 79 letters, then an emoji across units 80-81: a cut at 80 UTF-16 units would split it.
      const content = await rejected(`${'a'.repeat(79)}😀 and more`, {});
      const quoted = /^Unknown tool ("(?:[^"\\]|\\.)*")\./.exec(content)?.[1] ?? '';
      expect(hasLoneSurrogate(JSON.parse(quoted) as string)).toBe(false);
      expect(content).toMatch(`Unknown tool "${'a'.repeat(79)}…". Available tools:`);
    });

    it.each([
      [[1, 2], 'input: must be a JSON object, got an array'],
      ['"text"', 'input: must be a JSON object, got string'],
      [null, 'input: must be a JSON object, got null'],
    ])('input not an object (%j)', async (input, line) => {
      expect(await rejected('quote', input)).toBe(`Invalid input for tool "quote":\n${line}`);
    });

    it('invalid JSON text', async () => {
      expect(await rejected('quote', '{"symbol": "GM"')).toMatch(
        /^Invalid input for tool "quote":\ninput: is not valid JSON \(/,
      );
    });

    it('missing, unknown and wrong-typed properties, one line each', async () => {
      expect(await rejected('quote', { symbol: 42, count: 'three', extra: true })).toBe(
        [
          'Invalid input for tool "quote":',
          'at: at is required',
          'symbol: symbol must be a string',
          'count: count must be a number',
          'extra: property extra should not exist',
        ].join('\n'),
      );
    });

    it('a date that is not an ISO 8601 string', async () => {
      expect(await rejected('quote', { symbol: 'GM', count: 1, at: 'yesterday' })).toBe(
        'Invalid input for tool "quote":\nat: at must be a full ISO 8601 date-time such as 2024-01-31T09:30:00Z (a date alone is not one)',
      );
    });

    it('constraint, format, enum and array-bound violations, with nested paths', async () => {
      const content = await rejected('place_order', {
        email: 'not-an-email',
        shipping: 'drone',
        country: 'usa',
        items: [
          { sku: 'A', quantity: 100, colour: 'red' },
          { sku: 'B', quantity: 1 },
          { sku: 'C', quantity: 1 },
          { sku: 'D', quantity: 1 },
        ],
      });
      expect(content.split('\n')).toEqual([
        'Invalid input for tool "place_order":',
        'email: email must be an email',
        'shipping: shipping must be one of the following values: standard, express',
        'country: country must match /^[A-Z]{2}$/ regular expression',
        'items: items must contain no more than 3 elements',
        'items[0].quantity: quantity must not be greater than 99',
        'items[0].colour: property colour should not exist',
      ]);
    });

    it('size and depth limits', async () => {
      expect(await rejected('quote', { symbol: 'x'.repeat(20 * 1024 * 1024) })).toBe(
        'Invalid input for tool "quote":\ninput: is larger than the limit of 1048576 bytes',
      );
      expect(await rejected('quote', `{"symbol":"${'x'.repeat(2 * 1024 * 1024)}"}`)).toMatch(
        /over the limit of 1048576 bytes$/,
      );
      const deep = `{"symbol":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
      expect(await rejected('quote', deep)).toMatch(/nested deeper than the limit of 64 levels$/);
    });

    it('forbidden keys at any depth, leaving every prototype untouched', async () => {
      for (const input of [
        '{"__proto__":{"polluted":true},"symbol":"GM"}',
        '{"symbol":"GM","at":{"constructor":{"prototype":{"polluted":true}}}}',
        { items: [{ prototype: { polluted: true } }] },
      ]) {
        expect(await rejected(typeof input === 'string' ? 'quote' : 'place_order', input)).toMatch(
          /the key "(__proto__|constructor|prototype)" is not allowed/,
        );
      }
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect((Object.prototype as Record<string, unknown>).polluted).toBeUndefined();
    });

    it('bounds the error text', async () => {
      const small = new ToolRegistry({ limits: { maxErrorLength: 120 } }).register(new Desk());
      const outcome = await small.call('place_order', {
        items: Array.from({ length: 50 }, () => ({ quantity: 0 })),
      });
      expect(outcome.isError).toBe(true);
      expect((outcome.content as string).length).toBeLessThanOrEqual(120);
      expect(outcome.content).toMatch(/… \(\d+ more characters\)$/);
    });
  });

  describe('methods that fail', () => {
    it('a ToolError reaches the model verbatim', async () => {
      expect(await registry.call('fail', { how: 'tool' })).toEqual({
        isError: true,
        content: 'No ticker symbol for "Acme"',
      });
    });

    it('another error reaches the model as its name and message, never its stack', async () => {
      const outcome = await registry.call('fail', { how: 'error' });
      expect(outcome).toEqual({
        isError: true,
        content: 'Tool "fail" failed: TickerNotFound: unknown ticker ZZZ',
      });
      expect(await registry.call('fail', { how: 'string' })).toEqual({
        isError: true,
        content: 'Tool "fail" failed: plain string thrown',
      });
    });

    it("times out after timeoutMs and fires the tool's signal", async () => {
      const outcome = await registry.call('slow', { ms: 5_000 });
      expect(outcome).toEqual({ isError: true, content: 'Tool "slow" timed out after 30 ms' });
      expect(desk.received[1]).toEqual(['aborted', 'Tool "slow" timed out after 30 ms']);
    });

    it("answers an abort by the caller and fires the tool's signal", async () => {
      const controller = new AbortController();
      const pending = registry.call(
        'slow',
        { ms: 5_000 },
        { signal: controller.signal, timeoutMs: 10_000 },
      );
      setImmediate(() => controller.abort(new Error('user left')));
      expect(await pending).toEqual({
        isError: true,
        content: 'Tool "slow" was aborted before it finished',
      });
      expect(desk.received[1]).toEqual(['aborted', 'user left']);
    });
  });
});

describe('a tool without input parameters', () => {
  it('runs on an empty object and rejects any property', async () => {
    const registry = new ToolRegistry().register(new Desk());
    expect((await registry.call('chart', {})).isError).toBe(false);
    expect(await registry.call('nothing', { surprise: 1 })).toEqual({
      isError: true,
      content: 'Invalid input for tool "nothing":\nsurprise: property surprise should not exist',
    });
  });
});

describe('ctx.idempotencyKey of a call run in this process', () => {
  class Keys {
    @Tool()
    whoami(@Ctx() ctx: ToolCallContext): string {
      return `${ctx.idempotencyKey}|${ctx.toolUseId}`;
    }
  }
  const registry = new ToolRegistry().register(new Keys());

  it('is the call id when the caller gives no key', async () => {
    expect((await registry.call('whoami', {}, { toolUseId: 'toolu_9' })).content).toBe(
      'toolu_9|toolu_9',
    );
    const [key, id] = String((await registry.call('whoami', {})).content).split('|');
    expect(key).toMatch(/^call_/);
    expect(key).toBe(id);
  });

  it('is the caller’s key when it gives one, with or without a time limit', async () => {
    const options = { toolUseId: 'toolu_9', idempotencyKey: 'run-1:toolu_9' };
    expect((await registry.call('whoami', {}, options)).content).toBe('run-1:toolu_9|toolu_9');
    expect((await registry.call('whoami', {}, { ...options, timeoutMs: 1000 })).content).toBe(
      'run-1:toolu_9|toolu_9',
    );
  });
});
