/**
 * Reads class-transformer's `@Type(() => Nested)` metadata, so run-time schema derivation
 * sees the classes of nested DTOs. class-transformer exports its storage only by file path,
 * untyped; this module is the one place that reaches into it.
 */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const storage = require('class-transformer/cjs/storage') as {
  defaultMetadataStorage: {
    findTypeMetadata(
      target: unknown,
      property: string,
    ): { typeFunction: (options?: unknown) => unknown } | undefined;
  };
};

/** The class `@Type(() => X)` names for a property, if any. */
export function nestedTypeOf(target: unknown, property: string): unknown {
  const metadata = storage.defaultMetadataStorage.findTypeMetadata(target, property);
  return metadata?.typeFunction();
}
