/**
 * A developer error about a saved search index: the file is not an index this library wrote, or
 * of a format version it does not read. Apart from `EmbedderMismatchError`, which is about vectors.
 */
import { ToolwrightError } from '../errors/ToolwrightError';

/** The file is not a search index this version can load. */
export class SearchIndexError extends ToolwrightError {
  constructor(message: string) {
    super(message);
    this.name = 'SearchIndexError';
  }
}
