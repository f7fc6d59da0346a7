/**
 * Tools for the agent's tests: plain ones, a throwing one, slow and hanging ones that report
 * their abort signal, one that needs approval and one with a time limit. Every call is logged.
 */
import { Ctx } from '../../decorators/Ctx';
import { Param } from '../../decorators/Param';
import { Tool } from '../../decorators/Tool';
import { ToolError } from '../../errors/ToolError';
import type { ToolCallContext } from '../../calls/ToolCallContext';

/** A promise with its resolver, for ordering tests without timing. */
export interface Deferred<T = void> {
  promise: Promise<T>;
  resolve(value: T): void;
}

export function deferred<T = void>(): Deferred<T> {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function untilAborted(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}

export class ShopService {
  /** Every call that reached a method: tool name and arguments. */
  readonly log: { tool: string; args: unknown[] }[] = [];
  /** The idempotency key of each refund call. */
  readonly keys: (string | undefined)[] = [];
  /** Signals of the calls that were aborted (timeout or abort). */
  readonly aborted: string[] = [];
  /** Hooks the tests set to hold or observe calls. */
  hooks: { started?: (id: string) => void; hold?: (id: string) => Promise<void> } = {};
  active = 0;
  maxActive = 0;

  @Tool({ description: 'Gets the weather for a city.' })
  getWeather(@Param('city') city: string): string {
    this.log.push({ tool: 'get_weather', args: [city] });
    return `Sunny in ${city}`;
  }

  @Tool({ description: 'Adds two numbers.' })
  add(@Param('a') a: number, @Param('b') b: number): number {
    this.log.push({ tool: 'add', args: [a, b] });
    return a + b;
  }

  @Tool({ description: 'Always fails.' })
  explode(@Param('why') why: string): string {
    this.log.push({ tool: 'explode', args: [why] });
    throw new ToolError(`Exploded: ${why}`);
  }

  @Tool({ description: 'Works until the test lets it finish.' })
  async work(@Param('job') job: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    this.log.push({ tool: 'work', args: [job] });
    this.active++;
    this.maxActive = Math.max(this.maxActive, this.active);
    try {
      this.hooks.started?.(job);
      await Promise.race([this.hooks.hold?.(job), untilAborted(ctx.signal)]);
      if (ctx.signal.aborted) this.aborted.push(job);
      return `done ${job}`;
    } finally {
      this.active--;
    }
  }

  @Tool({ description: 'Refunds an order.', requiresApproval: true })
  refund(
    @Param('orderId') orderId: string,
    @Param('amount') amount: number,
    @Ctx() ctx: ToolCallContext,
  ): string {
    this.log.push({ tool: 'refund', args: [orderId, amount] });
    this.keys.push(ctx.idempotencyKey);
    return `Refunded ${amount} on ${orderId}`;
  }

  @Tool({ description: 'Greets the current user.' })
  greet(
    @Param('greeting') greeting: string,
    @Ctx() ctx: ToolCallContext<{ user: string }>,
  ): string {
    return `${greeting}, ${ctx.state.user}`;
  }

  @Tool({ description: 'Never answers in time.', timeoutMs: 50 })
  async hang(@Param('what') what: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    this.log.push({ tool: 'hang', args: [what] });
    await untilAborted(ctx.signal);
    this.aborted.push(`hang:${what}`);
    return 'too late';
  }
}
