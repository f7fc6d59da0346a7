/** A mistake in how a tool is declared, found at registration; the message ends in the fix. */
import { ToolwrightError } from './ToolwrightError';

/** Thrown by `register()` for a declaration the registry cannot turn into a tool. */
export class ToolDefinitionError extends ToolwrightError {}
