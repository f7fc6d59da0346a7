/**
 * The codegen side of strict tool use: a tool declared `@Tool({ strict: true })` whose input
 * schema cannot be made strict for a provider (a recursive type for Claude, a record, a tuple,
 * `any`) is a TW209 warning naming the tool and the reason. The verdict is the runtime's own
 * projection (`src/schema/strict`), so codegen says exactly what the registry will send.
 */
import type { ManifestTool } from '../../src/manifest/types';
import { nonStrictMessage, nonStrictTools } from '../../src/schema/strict/strictTools';
import type { ts } from '../typescript';
import type { NodeReporter } from './toolOptions';

const PROVIDERS = ['anthropic', 'openai'] as const;

/** Reports each provider the tool asks strict of and cannot have it for. */
export function reportNonStrict(
  tool: ManifestTool,
  at: ts.Node,
  label: string,
  report: NodeReporter,
): void {
  for (const provider of PROVIDERS) {
    for (const problem of nonStrictTools([tool], provider)) {
      report(at, 'TW209', `${label}: ${nonStrictMessage(problem)}`);
    }
  }
}
