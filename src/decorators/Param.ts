/** `@Param()`: one named input property of a tool. Records the name and options only. */
import { recordParam } from '../metadata/reflection';
import type { ParamOptions } from '../metadata/types';

/**
 * Maps a parameter to the input property `name` (from the source through the manifest when
 * omitted). `schema` adds JSON Schema for what the run-time type cannot say.
 * @example
 * getWeather(@Param('city', { description: 'City name' }) city: string,
 *            @Param('unit', { optional: true, schema: { enum: ['c', 'f'] } }) unit?: 'c' | 'f')
 */
export function Param(
  name?: string | ParamOptions,
  options: ParamOptions = {},
): ParameterDecorator {
  const [paramName, opts] = typeof name === 'object' ? [undefined, name] : [name, options];
  return (target, propertyKey, index) => {
    recordParam(target, String(propertyKey), { kind: 'named', index, name: paramName, ...opts });
  };
}
