/**
 * Test helper: judges one input three ways — ajv (draft 2020-12, ajv-formats, `email` as
 * class-validator's `isEmail`) on the schema codegen emitted, plain class-validator as a NestJS
 * app runs it (`plainToInstance` with the DTO class, then `validate` with whitelisting and unknown
 * properties forbidden, or as the given `ValidationPipe` setting says), and the registry's `check()`.
 */
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import { plainToInstance } from 'class-transformer';
import { isEmail, validate } from 'class-validator';
import type { ManifestTool, ToolRegistry } from 'toolwright';

/** Each side's verdict on one input: 'valid', or what it said. */
export interface ThreeVerdicts {
  ajv: string;
  /** ajv's errors: each keyword (`type`, `required`, `pattern`, ...) and the value it judged. */
  ajvErrors: { keyword: string; data: unknown }[];
  classValidator: string;
  registry: string;
}

const classValidatorEmail = (text: string): boolean => {
  try {
    return isEmail(text);
  } catch {
    return false;
  }
};

type Dto = new () => object;

/** How the NestJS app's `ValidationPipe` is set up (default: whitelisting, unknown properties forbidden). */
export interface PipeSetting {
  whitelist: boolean;
  forbidNonWhitelisted: boolean;
  enableImplicitConversion: boolean;
}

const STRICT_PIPE: PipeSetting = {
  whitelist: true,
  forbidNonWhitelisted: true,
  enableImplicitConversion: false,
};

/** Judges inputs of a registry's `@Params(Dto)` tools three ways, class-validator as `pipe` runs it. */
export function threeWayJudge(registry: ToolRegistry, pipe: PipeSetting = STRICT_PIPE) {
  // Unknown properties not forbidden: class-validator's whitelist strips them, as ajv's removeAdditional does.
  const ajv = new Ajv2020({
    strict: false,
    allErrors: true,
    verbose: true,
    ...(pipe.forbidNonWhitelisted ? {} : { removeAdditional: true }),
  });
  addFormats(ajv);
  ajv.addFormat('email', classValidatorEmail);
  const compiled = new Map<ManifestTool, ReturnType<typeof ajv.compile>>();

  return async function judge(
    tool: ManifestTool,
    dto: Dto,
    input: unknown,
  ): Promise<ThreeVerdicts> {
    let check = compiled.get(tool);
    if (!check) compiled.set(tool, (check = ajv.compile(tool.inputSchema)));
    const instance = plainToInstance(dto, input, {
      enableImplicitConversion: pipe.enableImplicitConversion,
    }) as object;
    const errors = await validate(instance, {
      whitelist: pipe.whitelist,
      forbidNonWhitelisted: pipe.forbidNonWhitelisted,
      forbidUnknownValues: true,
    });
    const checked = await registry.check(tool.name, input);
    const ok = check(pipe.forbidNonWhitelisted ? input : structuredClone(input));
    return {
      ajv: ok ? 'valid' : ajv.errorsText(check.errors),
      ajvErrors: ok ? [] : (check.errors ?? []).map((e) => ({ keyword: e.keyword, data: e.data })),
      classValidator:
        errors.length === 0
          ? 'valid'
          : errors
              .map((e) => `${e.property}: ${JSON.stringify(e.constraints ?? e.children)}`)
              .join('; '),
      registry: checked.ok ? 'valid' : checked.error,
    };
  };
}
