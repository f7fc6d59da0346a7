/**
 * Renders tool descriptors as the `<tools>` section of the legacy XML prompt format, in the
 * documented structure: one `<tool_description>` per tool with `<tool_name>`, `<description>`
 * and `<parameters>` of `<parameter>` (`<name>`, `<type>`, `<description>`). The one renderer
 * behind `registry.toXmlPrompt()` and `toolwright show --format xml`.
 */
import type { ToolDescriptor } from '../../manifest/types';
import type { JsonSchema } from '../../schema/JsonSchema';
import { describeConstraints, typeWord } from './describeSchema';
import { escapeXml } from './escapeXml';
import { resolveRef } from './schemaShape';

/**
 * The `<tools>` section for these tools, in the given order.
 * @example
 * const section = renderToolsXml(registry.descriptors());
 */
export function renderToolsXml(descriptors: readonly ToolDescriptor[]): string {
  return `<tools>\n${descriptors.map(renderToolDescription).join('\n\n')}\n</tools>`;
}

/** One tool's `<tool_description>` element. */
export function renderToolDescription(tool: ToolDescriptor): string {
  const schema = tool.inputSchema;
  const required = new Set(schema.required ?? []);
  const parameters = Object.entries(schema.properties ?? {}).map(([name, property]) =>
    renderParameter(name, property, required.has(name), schema),
  );
  return [
    '<tool_description>',
    `<tool_name>${escapeXml(tool.name)}</tool_name>`,
    `<description>${escapeXml(toolDescriptionText(tool))}</description>`,
    '<parameters>',
    ...parameters,
    '</parameters>',
    '</tool_description>',
  ].join('\n');
}

function renderParameter(
  name: string,
  schema: JsonSchema,
  required: boolean,
  root: JsonSchema,
): string {
  const own = (schema.description ?? resolveRef(schema, root).description ?? '').trim();
  // As the seed writes it: a required parameter's description is bare; only optional ones are marked.
  const presence = required ? '' : '(optional)';
  const constraints = describeConstraints(schema, root);
  const [firstLine = '', ...nested] = constraints ? constraints.split('\n') : [];
  const sentence = /^(An object|One of these shapes|A list)/.test(firstLine)
    ? [own, presence].filter(Boolean).join(' ')
    : [own, presence, firstLine].filter(Boolean).join(' ');
  const lines = /^(An object|One of these shapes|A list)/.test(firstLine)
    ? [firstLine, ...nested]
    : nested;
  const description = [sentence, ...lines].join('\n');
  return [
    '<parameter>',
    `<name>${escapeXml(name)}</name>`,
    `<type>${escapeXml(typeWord(schema, root))}</type>`,
    `<description>${escapeXml(description)}</description>`,
    '</parameter>',
  ].join('\n');
}

function toolDescriptionText(tool: ToolDescriptor): string {
  const deprecated = tool.options?.deprecated;
  const note =
    deprecated === true
      ? 'Deprecated.'
      : typeof deprecated === 'string'
        ? `Deprecated: ${deprecated}`
        : '';
  return [tool.description.trim(), note].filter(Boolean).join('\n');
}
