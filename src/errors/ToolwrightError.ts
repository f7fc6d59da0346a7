/**
 * The base of every error class toolwright defines: the developer-facing ones it throws
 * (definition mistakes, stale manifests) and `ToolError`, which tools throw for the model.
 * Model mistakes never throw: they become `isError` outcomes.
 */

/** Base class of toolwright's errors; `instanceof ToolwrightError` catches them all. */
export class ToolwrightError extends Error {
  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
  }
}
