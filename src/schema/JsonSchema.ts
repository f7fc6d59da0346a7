/**
 * The JSON Schema subset (draft 2020-12) that toolwright emits and the Messages API accepts.
 * Shared by the runtime derivation, the codegen transform and every wire format.
 */

/** A JSON value as the model sends it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One JSON Schema node; keywords toolwright does not know are carried through untouched. */
export interface JsonSchema {
  /** The JSON type(s) a value may have. */
  type?: JsonSchemaType | JsonSchemaType[];
  /** What the value is, in words the model reads. */
  description?: string;
  /** The only values allowed. */
  enum?: JsonValue[];
  /** The one value allowed. */
  const?: JsonValue;
  /** The value assumed when the property is left out. */
  default?: JsonValue;
  /** A named string format (`email`, `date-time`, `uuid`, …). */
  format?: string;
  /** A regular expression a string must match. */
  pattern?: string;
  /** The fewest characters a string may have. */
  minLength?: number;
  /** The most characters a string may have. */
  maxLength?: number;
  /** The smallest number allowed (inclusive). */
  minimum?: number;
  /** The largest number allowed (inclusive). */
  maximum?: number;
  /** A number the value must be greater than. */
  exclusiveMinimum?: number;
  /** A number the value must be less than. */
  exclusiveMaximum?: number;
  /** A number the value must be a multiple of. */
  multipleOf?: number;
  /** The schema of each array item (after `prefixItems`); `false` allows no more items. */
  items?: JsonSchema | false;
  /** The schemas of the first array items, by position (tuples). */
  prefixItems?: JsonSchema[];
  /** The fewest items an array may have. */
  minItems?: number;
  /** The most items an array may have. */
  maxItems?: number;
  /** Whether array items must all differ. */
  uniqueItems?: boolean;
  /** The schema of each named property of an object. */
  properties?: Record<string, JsonSchema>;
  /** The properties an object must have. */
  required?: string[];
  /** The schema of properties not named in `properties`; `false` forbids them. */
  additionalProperties?: JsonSchema | boolean;
  /** A schema every property name of an object must match. */
  propertyNames?: JsonSchema;
  /** The schema of properties whose names match each regular expression. */
  patternProperties?: Record<string, JsonSchema>;
  /** The fewest properties an object may have. */
  minProperties?: number;
  /** The most properties an object may have. */
  maxProperties?: number;
  /** Schemas of which the value must match at least one. */
  anyOf?: JsonSchema[];
  /** Schemas of which the value must match exactly one. */
  oneOf?: JsonSchema[];
  /** Schemas the value must all match. */
  allOf?: JsonSchema[];
  /** A schema the value must not match. */
  not?: JsonSchema;
  /** A condition: when the value matches it, `then` applies, otherwise `else`. */
  if?: JsonSchema;
  /** The schema that applies when `if` matches. */
  then?: JsonSchema;
  /** The schema that applies when `if` does not match. */
  else?: JsonSchema;
  /** A reference to another schema, such as `#/$defs/Address`. */
  $ref?: string;
  /** Named schemas that `$ref` points to. */
  $defs?: Record<string, JsonSchema>;
  /** A short name for the value. */
  title?: string;
  /** Sample values that match the schema. */
  examples?: JsonValue[];
  /** Whether the value should no longer be used. */
  deprecated?: boolean;
  /** Any other keyword, carried through untouched. */
  [keyword: string]: unknown;
}

/** The primitive type names of JSON Schema. */
export type JsonSchemaType =
  'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The schema of a tool's whole input: always an object. */
export interface ObjectSchema extends JsonSchema {
  /** Always an object. */
  type: 'object';
  /** The schema of each parameter, by name. */
  properties: Record<string, JsonSchema>;
  /** The parameters the model must send. */
  required?: string[];
  /** Always `false`: a property the tool does not declare is refused. */
  additionalProperties: false;
}
