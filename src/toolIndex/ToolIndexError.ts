/** A tool search index that cannot be used: not an index file, or made by another analysis. */
import { ToolwrightError } from '../errors/ToolwrightError';

/** Thrown by `ToolIndex.fromFile` / `ToolIndex.load` for a file that is not a usable index. */
export class ToolIndexError extends ToolwrightError {}
