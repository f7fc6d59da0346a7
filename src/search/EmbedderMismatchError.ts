/**
 * A developer error: an index built with one embedder is searched or loaded with another (or an
 * embedder answered vectors of the wrong length). Vectors of different models cannot be compared.
 */
import { ToolwrightError } from '../errors/ToolwrightError';

/** The embedder does not match the index (id or dimensions). */
export class EmbedderMismatchError extends ToolwrightError {
  constructor(message: string) {
    super(message);
    this.name = 'EmbedderMismatchError';
  }
}
