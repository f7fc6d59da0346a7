/** How developer errors name a method and a parameter, so every message reads alike. */

/** `StockService.getPrice` */
export const methodLabel = (className: string, methodName: string): string =>
  `${className}.${methodName}`;

/** `StockService.getPrice parameter #1` (zero-based, as in `design:paramtypes`). */
export const paramLabel = (className: string, methodName: string, index: number): string =>
  `${methodLabel(className, methodName)} parameter #${index}`;

/** Why a parameter has no run-time type when the compiler emitted no decorator metadata. */
export const NO_DESIGN_TYPES =
  'this code was compiled without decorator metadata (tsx, esbuild and Vitest do not emit it; tsc and SWC do with emitDecoratorMetadata)';
