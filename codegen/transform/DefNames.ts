/**
 * The names of a tool's `$defs`: a recursive type's alias or declared name, or its written-out
 * text when it has type arguments, made an identifier and numbered when taken. One per builder,
 * so names are unique within a tool's schema; its own file because naming is not describing.
 */
import { ts } from '../typescript';

/** Hands out one stable, unique `$defs` name per type. */
export class DefNames {
  private readonly names = new Map<ts.Type, string>();
  private readonly used = new Set<string>();

  constructor(private readonly checker: ts.TypeChecker) {}

  /** The name of `type`'s definition (the same on every call for one type). */
  nameOf(type: ts.Type): string {
    const existing = this.names.get(type);
    if (existing) return existing;
    const base = this.baseName(type);
    let name = base;
    for (let n = 2; this.used.has(name); n++) name = `${base}${n}`;
    this.used.add(name);
    this.names.set(type, name);
    return name;
  }

  private baseName(type: ts.Type): string {
    const symbolName = type.aliasSymbol?.getName() ?? type.getSymbol()?.getName();
    const hasArguments =
      !!type.aliasTypeArguments?.length ||
      !!(type.flags & ts.TypeFlags.Object && (type as ts.TypeReference).typeArguments?.length);
    const text = hasArguments || !symbolName ? this.checker.typeToString(type) : symbolName;
    const base = text.replace(/[^A-Za-z0-9_]+/g, '_').replace(/^_+|_+$/g, '') || 'Type';
    return base.startsWith('_') ? 'Type' : base;
  }
}
