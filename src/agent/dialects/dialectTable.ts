/**
 * Which dialect speaks which `format`: one table, so a new format is one line here and a class
 * beside `NativeDialect` (see `AgentDialect.ts` for the contract).
 */
import { ToolwrightError } from '../../errors/ToolwrightError';
import type { AgentFormat } from '../../approvals/AgentFormat';
import type { AgentRegistry } from './AgentRegistry';
import type { AgentDialect } from './AgentDialect';
import { NativeDialect } from './NativeDialect';
import { XmlDialect } from './XmlDialect';

type DialectFactory = (registry: AgentRegistry) => AgentDialect;

const DIALECTS: Record<AgentFormat, DialectFactory | undefined> = {
  anthropic: (registry) => new NativeDialect(registry),
  native: (registry) => new NativeDialect(registry),
  xml: (registry) => new XmlDialect(registry),
};

/** The dialect of a format; throws for a format this build does not have. */
export function dialectFor(format: AgentFormat, registry: AgentRegistry): AgentDialect {
  const make = Object.hasOwn(DIALECTS, format) ? DIALECTS[format] : undefined;
  if (!make) {
    throw new ToolwrightError(
      `ToolAgent: ${String(format)} format not available; use format: 'anthropic' or 'xml'`,
    );
  }
  return make(registry);
}
