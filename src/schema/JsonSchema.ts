/**
 * The JSON Schema subset (draft 2020-12) that toolwright emits and the Messages API accepts.
 * Shared by the runtime derivation, the codegen transform and every wire format.
 */

/** A JSON value as the model sends it. */
export type JsonValue =
  string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** One JSON Schema node; keywords toolwright does not know are carried through untouched. */
export interface JsonSchema {
  type?: JsonSchemaType | JsonSchemaType[];
  description?: string;
  enum?: JsonValue[];
  const?: JsonValue;
  default?: JsonValue;
  format?: string;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  items?: JsonSchema | false;
  prefixItems?: JsonSchema[];
  minItems?: number;
  maxItems?: number;
  uniqueItems?: boolean;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: JsonSchema | boolean;
  propertyNames?: JsonSchema;
  patternProperties?: Record<string, JsonSchema>;
  minProperties?: number;
  maxProperties?: number;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  if?: JsonSchema;
  then?: JsonSchema;
  else?: JsonSchema;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  title?: string;
  examples?: JsonValue[];
  deprecated?: boolean;
  [keyword: string]: unknown;
}

/** The primitive type names of JSON Schema. */
export type JsonSchemaType =
  'string' | 'number' | 'integer' | 'boolean' | 'null' | 'array' | 'object';

/** The schema of a tool's whole input: always an object. */
export interface ObjectSchema extends JsonSchema {
  type: 'object';
  properties: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties: false;
}
