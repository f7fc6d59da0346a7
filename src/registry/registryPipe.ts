/**
 * Which `ValidationPipe` settings a registry validates with: its own `validation` option, else the
 * manifest's (what codegen described the schemas for), else toolwright's. Both given and meaning
 * different things is a definition error: the schemas would promise what validation does not do.
 */
import { ToolDefinitionError } from '../errors/ToolDefinitionError';
import { pipeSettings, samePipe } from '../validation/pipeOptions';
import type { PipeSettings } from '../validation/pipeOptions';
import type { ToolRegistryOptions } from './types';

/** The settings of a registry built with `options`. */
export function registryPipe(options: ToolRegistryOptions): PipeSettings {
  const given = options.validation;
  const described = options.manifest?.validation;
  if (given && options.manifest && !samePipe(given, described)) {
    throw new ToolDefinitionError(
      `the registry's validation options ${JSON.stringify(given)} differ from the manifest's ` +
        `${JSON.stringify(described ?? 'default')}, which codegen described the schemas for; ` +
        "give them once, in codegen's validation setting (the manifest carries them), or regenerate the manifest with these",
    );
  }
  return pipeSettings(given ?? described);
}
