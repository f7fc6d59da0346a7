/**
 * The codegen settings a project keeps in its tsconfig, under `"toolwright"` (TypeScript ignores
 * keys it does not know): `validation`, the options of the app's NestJS `ValidationPipe`, so the
 * one object the app gives its pipe is written once, read by codegen and carried by the manifest
 * to the registry. Read from the tsconfig given with `-p` itself (not its `extends`).
 */
import { readFileSync } from 'node:fs';
import { ToolwrightError } from '../../src/errors/ToolwrightError';
import type { ValidationPipeOptions } from '../../src/validation/pipeOptions';
import type { CodegenOptions } from '../manifestPaths';
import { ts } from '../typescript';

const KEYS = ['transform', 'transformOptions', 'whitelist', 'forbidNonWhitelisted'];

/** The `toolwright` settings of the tsconfig at `tsconfigPath`. */
export function readCodegenSettings(tsconfigPath: string): CodegenOptions {
  const json = ts.parseConfigFileTextToJson(tsconfigPath, readFileSync(tsconfigPath, 'utf8'));
  const settings = (json.config as { toolwright?: { validation?: unknown } } | undefined)
    ?.toolwright;
  const validation = settings?.validation;
  if (validation === undefined) return {};
  const unknown =
    validation === null || typeof validation !== 'object'
      ? ['(not an object)']
      : Object.keys(validation).filter((key) => !KEYS.includes(key));
  if (unknown.length > 0) {
    throw new ToolwrightError(
      `toolwright.validation in ${tsconfigPath} has ${unknown.join(', ')}; it takes the ValidationPipe options ${KEYS.join(', ')}`,
    );
  }
  return { validation: validation as ValidationPipeOptions };
}
