/**
 * The registry of the dual-revision suites: the MCP shop's tools, plus one that reports progress,
 * one only an admin may use, and one that says who called it.
 */
import { Ctx, Param, Tool } from '../../index';
import type { ToolCallContext, ToolRegistry } from '../../index';
import { createShopRegistry } from '../../mcp/__fixtures__/shopRegistry';

export class DualService {
  @Tool({ description: 'Counts to three, reporting each step.' })
  count(@Ctx() ctx: ToolCallContext): string {
    for (let step = 1; step <= 3; step++) ctx.progress(step, 3, `step ${step}`);
    return 'counted';
  }

  @Tool({ description: 'Reads the audit log.', scopes: ['audit:read'] })
  readAudit(): string {
    return 'audit log';
  }

  @Tool({ description: 'Rotates the keys.', roles: ['admin'] })
  rotateKeys(): string {
    return 'rotated';
  }

  @Tool({ description: 'Says who called it.' })
  whoCalls(@Param('note') note: string, @Ctx() ctx: ToolCallContext): string {
    return `${note}: ${ctx.caller?.id ?? 'anonymous'} [${ctx.caller?.scopes.join(' ') ?? ''}]`;
  }
}

/** A fresh registry of the shop's tools and `DualService`'s. */
export function createDualRegistry(): ToolRegistry {
  return createShopRegistry().register(new DualService());
}
