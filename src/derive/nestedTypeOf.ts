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

/** The decorators that make `plainToInstance` change the property's value beyond `@Type`. */
export function reshapersOf(target: unknown, property: string): string[] {
  const meta = storage.defaultMetadataStorage;
  const out: string[] = [];
  if (meta.findTransformMetadatas(target, property, PLAIN_TO_CLASS).length > 0)
    out.push('Transform');
  if (meta.findExcludeMetadata(target, property) !== undefined) out.push('Exclude');
  if (meta.findExposeMetadata(target, property) !== undefined) out.push('Expose');
  return out;
}

/** True when the class has a class-transformer strategy (`@Exclude()`/`@Expose()` on the class). */
export const hasStrategy = (target: unknown): boolean =>
  storage.defaultMetadataStorage.getStrategy(target) !== 'none';
