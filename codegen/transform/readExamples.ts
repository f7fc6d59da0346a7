/**
 * A tool's example inputs: `@Tool({ examples })`, or else each JSDoc `@example` that parses as a
 * JSON object. Sent to the model as `input_examples`, so a wrong one teaches it a wrong call: an
 * `@example` that is not a JSON object (TW121) or an example its input schema refuses (TW122)
 * is an error at the example's own line (the tag, or the `examples` option).
 */
import type { ts } from '../typescript';
import type { JsonSchema, JsonValue } from '../../src/schema/JsonSchema';
import { checkSchema } from '../../src/validation/checkSchema';
import type { JsDoc } from '../collect/readJsDoc';
import type { NodeReporter } from './toolOptions';
import { toJsonValue } from './toJsonValue';

/** Where the examples come from, and where a problem of one is reported. */
export interface ExampleSource {
  /** `Class.method`, as messages name the tool. */
  label: string;
  /** The `examples` option's value, if the tool has one. */
  fromOptions: unknown;
  /** The node of the `examples` option, else of the method's name. */
  optionNode: ts.Node;
  doc: JsDoc;
}

type JsonObject = Record<string, JsonValue>;

const isObject = (value: unknown): value is JsonObject =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The examples with the node each is reported at. */
function located(source: ExampleSource, report: NodeReporter): [JsonObject, ts.Node][] {
  if (Array.isArray(source.fromOptions)) {
    return source.fromOptions
      .map(toJsonValue)
      .filter(isObject)
      .map((example): [JsonObject, ts.Node] => [example, source.optionNode]);
  }
  const examples: [JsonObject, ts.Node][] = [];
  for (const tag of source.doc.tags.filter((t) => t.name === 'example')) {
    const node = tag.node ?? source.optionNode;
    let value: unknown;
    try {
      value = JSON.parse(tag.text);
    } catch {
      value = undefined;
    }
    if (isObject(value)) examples.push([value, node]);
    else {
      report(
        node,
        'TW121',
        `an @example of ${source.label} is not a JSON object of its input; write the input as JSON, e.g. {"city": "Paris"}`,
      );
    }
  }
  return examples;
}

/**
 * The examples of a tool, each checked against `inputSchema`; problems are reported, and the
 * examples that are JSON objects kept.
 * @example
 * const examples = readExamples({ label, fromOptions: options.examples, optionNode, doc }, inputSchema, report);
 */
export function readExamples(
  source: ExampleSource,
  inputSchema: JsonSchema,
  report: NodeReporter,
): JsonObject[] {
  const examples = located(source, report);
  examples.forEach(([example, node], index) => {
    const [problem] = checkSchema(example, inputSchema, 'input', inputSchema.$defs ?? {});
    if (problem) {
      report(
        node,
        'TW122',
        `example #${index + 1} of ${source.label} does not match its input schema (${problem}); fix the example`,
      );
    }
  });
  return examples.map(([example]) => example);
}
