/**
 * What class-transformer's `instanceToPlain` (Nest's `ClassSerializerInterceptor`) writes of a
 * class, read at build time so a tool's output schema advertises what is sent: a member with
 * `@Exclude()` is left out, a class with `@Exclude()` sends only its `@Expose()`d members, an
 * `@Expose()`d getter is sent, `@Expose({ name })` renames, and an `@Expose({ groups })` member
 * is left out (the registry serialises with no groups). `toClassOnly` options do not apply to output.
 */
import { ts } from '../typescript';
import type { SchemaSource } from './SchemaSource';

/** A class-transformer decorator's options, as far as output is concerned. */
interface Options {
  toClassOnly: boolean;
  name?: string;
  grouped: boolean;
}

function optionsOf(decorator: ts.Decorator): Options {
  const out: Options = { toClassOnly: false, grouped: false };
  const call = decorator.expression;
  const literal = ts.isCallExpression(call) ? call.arguments[0] : undefined;
  if (!literal || !ts.isObjectLiteralExpression(literal)) return out;
  for (const property of literal.properties) {
    if (!ts.isPropertyAssignment(property) || !ts.isIdentifier(property.name)) continue;
    const value = property.initializer;
    const key = property.name.text;
    if (key === 'toClassOnly') out.toClassOnly = value.kind === ts.SyntaxKind.TrueKeyword;
    if (key === 'name' && ts.isStringLiteralLike(value)) out.name = value.text;
    if (key === 'groups' && ts.isArrayLiteralExpression(value))
      out.grouped = value.elements.length > 0;
  }
  return out;
}

/** Whether a decorator is class-transformer's `Exclude` or `Expose` (read here, not as a reshaper, for output). */
export function isExposureDecorator(builder: SchemaSource, decorator: ts.Decorator): boolean {
  const name = builder.context.resolver.fromPackage(decorator, 'class-transformer');
  return name === 'Exclude' || name === 'Expose';
}

/** The output-relevant `Exclude`/`Expose` decorators on a declaration. */
function transformerDecorators(
  builder: SchemaSource,
  declaration: ts.Node,
): { excluded: boolean; expose?: Options } {
  const found: { excluded: boolean; expose?: Options } = { excluded: false };
  if (!ts.canHaveDecorators(declaration)) return found;
  for (const decorator of ts.getDecorators(declaration) ?? []) {
    const name = builder.context.resolver.fromPackage(decorator, 'class-transformer');
    if (name !== 'Exclude' && name !== 'Expose') continue;
    const options = optionsOf(decorator);
    if (options.toClassOnly) continue;
    if (name === 'Exclude') found.excluded = true;
    else found.expose = options;
  }
  return found;
}

/** Whether the class of `type` has `@Exclude()`: only its `@Expose()`d members are sent. */
export function isClassExcluded(builder: SchemaSource, type: ts.Type): boolean {
  const declaration = type.getSymbol()?.declarations?.find(ts.isClassDeclaration);
  return !!declaration && transformerDecorators(builder, declaration).excluded;
}

/**
 * The name a member goes out under, or undefined when `instanceToPlain` leaves it out.
 * `accessor`: a getter, sent only when `@Expose()`d.
 */
export function plainName(
  builder: SchemaSource,
  property: ts.Symbol,
  classExcluded: boolean,
  accessor = false,
): string | undefined {
  let excluded = false;
  let expose: Options | undefined;
  for (const declaration of property.declarations ?? []) {
    const found = transformerDecorators(builder, declaration);
    excluded ||= found.excluded;
    expose ??= found.expose;
  }
  if (excluded || expose?.grouped) return undefined;
  if (!expose && (classExcluded || accessor)) return undefined;
  return expose?.name ?? property.getName();
}
