/** An optional peer dependency an entry point needs is not installed; the message says what to install. */
import { ToolwrightError } from './ToolwrightError';

/** Thrown when `toolwright/mcp` or `toolwright/nest` is loaded without its peer packages. */
export class MissingPeerError extends ToolwrightError {}
