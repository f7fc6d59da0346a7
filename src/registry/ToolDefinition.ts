/**
 * The registry's internal shape of a tool: the definition (the same fields as a manifest
 * entry, whether it came from the manifest or from run-time metadata) bound to an instance.
 */
import type { ManifestParam, ManifestTarget, ManifestTool } from '../manifest/types';
import type { InputPlan } from '../validation/types';

/** A tool's definition, from the manifest or derived from run-time metadata. */
export type ToolDefinition = Omit<ManifestTool, 'target'> & {
  target: Pick<ManifestTarget, 'class' | 'method'> & Partial<ManifestTarget>;
};

/** A definition bound to the instance whose method it calls. */
export interface BoundTool {
  definition: ToolDefinition;
  instance: object;
  method: (...args: unknown[]) => unknown;
  /** How the input is checked: the schema gate, and class-validator where it has a say. */
  plan: InputPlan;
  params: ManifestParam[];
}
