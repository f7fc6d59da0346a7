/** How developer errors name a method and a parameter, so every message reads alike. */

/** `StockService.getPrice` */
export const methodLabel = (className: string, methodName: string): string =>
  `${className}.${methodName}`;

/** `StockService.getPrice parameter #1` (zero-based, as in `design:paramtypes`). */
export const paramLabel = (className: string, methodName: string, index: number): string =>
  `${methodLabel(className, methodName)} parameter #${index}`;
