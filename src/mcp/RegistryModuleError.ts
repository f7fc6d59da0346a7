/**
 * The developer error of `toolwright mcp --module`: the module is missing, does not load, or
 * exports no registry. Its message names the file and ends in the fix.
 */
import { ToolwrightError } from '../errors/ToolwrightError';

/** A registry module that cannot be served. */
export class RegistryModuleError extends ToolwrightError {}
