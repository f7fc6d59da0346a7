/**
 * A registry for the MCP tests, loadable by `toolwright mcp --module` (named `registry`) and
 * importable in-process (`createShopRegistry()` for a fresh one). Imports relative source paths
 * so the CLI can load it through ts-node without path mapping.
 */
import { Ctx, imageContent, Param, Tool, toolContent, ToolError, ToolRegistry } from '../../index';
import type { ToolCallContext } from '../../index';

/** A 1×1 transparent PNG. */
export const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

/** Labels of `wait_for_abort` calls, as they start and as their signal fires. */
export const waitLog: string[] = [];

/** The reason each `wait_for_abort` call's signal fired with, by label. */
export const abortReasons = new Map<string, unknown>();

export class ShopService {
  constructor(private readonly enableExtrasHook: () => void = () => undefined) {}

  @Tool({ description: 'Adds two numbers.', annotations: { readOnlyHint: true, title: 'Add' } })
  add(@Param('a') a: number, @Param('b') b: number): number {
    return a + b;
  }

  @Tool({
    description: 'Orders an item.',
    annotations: { destructiveHint: false, idempotentHint: false },
  })
  order(
    @Param('sku') sku: string,
    @Param('quantity', { schema: { type: 'integer', minimum: 1, maximum: 99 } }) quantity: number,
  ): { sku: string; quantity: number } {
    return { sku, quantity };
  }

  @Tool({ description: 'Always fails.' })
  explode(): string {
    throw new ToolError('the warehouse is on fire');
  }

  @Tool({
    description: 'Deletes every order.',
    requiresApproval: true,
    annotations: { destructiveHint: true },
  })
  purge(@Param('scope') scope: string): string {
    return `purged ${scope}`;
  }

  @Tool({ description: 'Draws a pixel.' })
  pixel(@Param('caption') caption: string): unknown {
    return toolContent(caption, imageContent(PIXEL_PNG, 'image/png'));
  }

  @Tool({ description: 'Says which call this is.' })
  whoami(@Param('greeting') greeting: string, @Ctx() ctx: ToolCallContext): string {
    return `${greeting} ${ctx.toolName} ${ctx.toolUseId} ${JSON.stringify(ctx.state ?? null)}`;
  }

  @Tool({ description: 'Waits until the call is aborted.' })
  waitForAbort(@Param('label') label: string, @Ctx() ctx: ToolCallContext): Promise<string> {
    waitLog.push(`started ${label}`);
    // Seen from outside when the registry runs in another process (the CLI's tests).
    // eslint-disable-next-line no-console -- a fixture's trace, read by the CLI's tests
    if (process.env.SHOP_REGISTRY_CHATTY) console.log(`started ${label}`);
    return new Promise((resolve) =>
      ctx.signal.addEventListener('abort', () => {
        waitLog.push(`aborted ${label}`);
        abortReasons.set(label, ctx.signal.reason);
        // eslint-disable-next-line no-console -- a fixture's trace, read by the CLI's tests
        if (process.env.SHOP_REGISTRY_CHATTY) console.log(`aborted ${label}`);
        resolve('aborted');
      }),
    );
  }

  @Tool({ description: 'Registers the extra tools.' })
  enableExtras(): string {
    this.enableExtrasHook();
    return 'extras enabled';
  }
}

export class ExtraService {
  @Tool({ description: 'Says hello.' })
  hello(@Param('name') name: string): string {
    return `hello ${name}`;
  }
}

/** A fresh registry whose `enable_extras` tool registers `ExtraService` on it. */
export function createShopRegistry(): ToolRegistry {
  const registry: ToolRegistry = new ToolRegistry();
  return registry.register(new ShopService(() => registry.register(new ExtraService())));
}

// Chatter on load: `toolwright mcp` must keep it off stdout in stdio mode.
if (process.env.SHOP_REGISTRY_CHATTY) {
  // eslint-disable-next-line no-console -- the point: a module that prints on load
  console.log('shop registry loaded');
  process.stdout.write('raw chatter\n');
}

export const registry = createShopRegistry();
