import 'reflect-metadata';
import { readParams, readTools } from '../metadata/reflection';
import { Ctx } from './Ctx';
import { Param } from './Param';
import { Params } from './Params';
import { Tool } from './Tool';

class OrderDto {}

class Service {
  @Tool({ requiresApproval: true, timeoutMs: 50 })
  placeOrder(@Params() _order: OrderDto, @Ctx() _ctx: unknown) {}

  @Tool()
  getPrice(
    @Param() _symbol: string,
    @Param('currency', { optional: true, description: 'ISO code' }) _c?: string,
  ) {}

  @Tool({ name: 'lookup' })
  find(@Param({ description: 'query text' }) _q: string) {}

  notATool() {}
}

class Child extends Service {
  @Tool({ name: 'lookup_v2' })
  override find(@Param('q') _q: string) {}
}

describe('decorators', () => {
  it('@Tool records each decorated method with its options as written', () => {
    expect(readTools(Service.prototype)).toEqual([
      { methodName: 'placeOrder', options: { requiresApproval: true, timeoutMs: 50 } },
      { methodName: 'getPrice', options: {} },
      { methodName: 'find', options: { name: 'lookup' } },
    ]);
  });

  it('@Param records the name and options, or options alone', () => {
    expect(readParams(Service.prototype, 'getPrice')).toEqual([
      { kind: 'named', index: 0, name: undefined },
      { kind: 'named', index: 1, name: 'currency', optional: true, description: 'ISO code' },
    ]);
    expect(readParams(Service.prototype, 'find')).toEqual([
      { kind: 'named', index: 0, name: undefined, description: 'query text' },
    ]);
  });

  it('@Params and @Ctx record their kind and index', () => {
    expect(readParams(Service.prototype, 'placeOrder')).toEqual([
      { kind: 'spread', index: 0 },
      { kind: 'context', index: 1 },
    ]);
  });

  it('a subclass inherits tools and its redeclaration of a method wins', () => {
    const tools = readTools(Child.prototype);
    expect(tools.map((t) => [t.methodName, t.options.name])).toEqual([
      ['placeOrder', undefined],
      ['getPrice', undefined],
      ['find', 'lookup_v2'],
    ]);
    expect(readParams(Child.prototype, 'find')).toEqual([{ kind: 'named', index: 0, name: 'q' }]);
  });

  it('records nothing on undecorated methods', () => {
    expect(readTools(Service.prototype).some((t) => t.methodName === 'notATool')).toBe(false);
  });
});
