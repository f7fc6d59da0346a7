/**
 * Reads class-transformer's metadata: `@Type(() => Nested)`, so run-time schema derivation
 * sees the classes of nested DTOs, and whether anything else reshapes a property. class-transformer exports its storage only by file path,
 * untyped; this module is the one place that reaches into it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const storage = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: {
    findTypeMetadata(
      target: unknown,
      property: string,
    ): { typeFunction: (options?: unknown) => unknown } | undefined;
    findTransformMetadatas(target: unknown, property: string, type: number): unknown[];
    findExcludeMetadata(target: unknown, property: string): unknown;
    findExposeMetadata(target: unknown, property: string): unknown;
    getStrategy(target: unknown): string;
  };
};

/** class-transformer's `TransformationType.PLAIN_TO_CLASS`. */
const PLAIN_TO_CLASS = 0;

/** The class `@Type(() => X)` names for a property, if any. */
export function nestedTypeOf(target: unknown, property: string): unknown {
  const metadata = storage.defaultMetadataStorage.findTypeMetadata(target, property);
  return metadata?.typeFunction();
}

/** True when `plainToInstance` may change the property's value beyond `@Type` (`@Transform`, `@Exclude`, `@Expose`). */
export function isReshaped(target: unknown, property: string): boolean {
  const meta = storage.defaultMetadataStorage;
  return (
    meta.getStrategy(target) !== 'none' ||
    meta.findTransformMetadatas(target, property, PLAIN_TO_CLASS).length > 0 ||
    meta.findExcludeMetadata(target, property) !== undefined ||
    meta.findExposeMetadata(target, property) !== undefined
  );
}
