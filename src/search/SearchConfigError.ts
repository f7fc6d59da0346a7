/**
 * A developer error in setting up a search store: a table name that is not an identifier, a
 * text search configuration the server does not have, a table or extension missing. Apart from
 * the stores so that each can throw it.
 */
import { ToolwrightError } from '../errors/ToolwrightError';

/** A search store is set up wrong; the message ends in the fix. */
export class SearchConfigError extends ToolwrightError {}
