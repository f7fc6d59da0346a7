/** The reflect-metadata keys toolwright records under; one place, so nothing else spells them. */

/** `ToolMetadata[]` on a class prototype. */
export const TOOLS_KEY = Symbol.for('toolwright:tools');
/** `ParamMetadata[]` on a class prototype, per method. */
export const PARAMS_KEY = Symbol.for('toolwright:params');
/** TypeScript's emitted parameter types (`emitDecoratorMetadata`). */
export const DESIGN_PARAMTYPES = 'design:paramtypes';
/** TypeScript's emitted property type (`emitDecoratorMetadata`). */
export const DESIGN_TYPE = 'design:type';
