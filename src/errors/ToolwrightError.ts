/**
 * The base of every developer-facing error toolwright throws (definition mistakes, stale
 * manifests). Model mistakes never throw: they become `isError` outcomes.
 */

/** Base class of toolwright's developer errors; `instanceof ToolwrightError` catches them all. */
export class ToolwrightError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
