/** The manifest and the registered classes disagree: the manifest is stale. */
import { ToolwrightError } from './ToolwrightError';

/** Thrown by `register()` when a tool is on one side only; the message says to run codegen. */
export class ManifestMismatchError extends ToolwrightError {}
