/**
 * The registry's internal shape of a tool: the definition (the same fields as a manifest
 * entry, whether it came from the manifest or from run-time metadata) bound to an instance.
 */
import type { ManifestParam, ManifestTarget, ManifestTool } from '../manifest/types';
import type { ArgumentClass } from '../validation/buildArgumentClass';

/** A tool's definition, from the manifest or derived from run-time metadata. */
export type ToolDefinition = Omit<ManifestTool, 'target'> & {
  target: Pick<ManifestTarget, 'class' | 'method'> & Partial<ManifestTarget>;
};

/** A definition bound to the instance whose method it calls. */
export interface BoundTool {
  definition: ToolDefinition;
  instance: object;
  method: (...args: unknown[]) => unknown;
  /** What the input is transformed into and validated as: a DTO class, or the generated argument class. */
  argumentClass: ArgumentClass;
  /** False for a tool without input parameters (only `@Ctx`, or none). */
  hasInput: boolean;
  params: ManifestParam[];
}
