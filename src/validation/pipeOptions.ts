/**
 * The options of a NestJS `ValidationPipe` that change what a DTO accepts, read the way Nest reads
 * them, in one place: the registry (and so `ToolwrightModule`) validates with them and codegen
 * describes what they accept. Absent altogether, toolwright's own setting holds (transform,
 * whitelist, unknown properties forbidden, no implicit conversion); given, each option left out
 * is Nest's default for it (false), so the object a Nest app gives its pipe means the same here.
 */

/** The `ValidationPipe` options toolwright follows (the others change no verdict). */
export interface ValidationPipeOptions {
  /** The method receives the DTO instance (`plainToInstance`); false: the checked plain object. */
  transform?: boolean;
  /** class-transformer options for turning the input into the DTO. */
  transformOptions?: {
    /**
     * class-transformer converts each value to its property's emitted type: a `Date` property
     * takes date-time text without `@Type(() => Date)`. The schema still asks for the type.
     */
    enableImplicitConversion?: boolean;
  };
  /** Properties without a class-validator decorator are stripped (and left out of the schema). */
  whitelist?: boolean;
  /** Unknown properties are refused instead of dropped. */
  forbidNonWhitelisted?: boolean;
}

/** The options as toolwright applies them, each decided. */
export interface PipeSettings {
  transform: boolean;
  implicitConversion: boolean;
  whitelist: boolean;
  forbidNonWhitelisted: boolean;
}

/** toolwright's setting when no options are given. */
export const DEFAULT_PIPE: PipeSettings = {
  transform: true,
  implicitConversion: false,
  whitelist: true,
  forbidNonWhitelisted: true,
};

/** The settings `options` mean, as Nest's `ValidationPipe` reads them; toolwright's own without options. */
export function pipeSettings(options: ValidationPipeOptions | undefined): PipeSettings {
  if (!options) return DEFAULT_PIPE;
  const whitelist = options.whitelist === true;
  return {
    transform: options.transform === true,
    implicitConversion: options.transformOptions?.enableImplicitConversion === true,
    whitelist,
    forbidNonWhitelisted: whitelist && options.forbidNonWhitelisted === true,
  };
}

/** True when two option objects mean the same settings. */
export function samePipe(
  a: ValidationPipeOptions | undefined,
  b: ValidationPipeOptions | undefined,
): boolean {
  const [x, y] = [pipeSettings(a), pipeSettings(b)];
  return (Object.keys(x) as (keyof PipeSettings)[]).every((key) => x[key] === y[key]);
}

/** True when the registry drops properties the schema does not name instead of refusing them. */
export const dropsUnknown = (pipe: PipeSettings): boolean => !pipe.forbidNonWhitelisted;
