/**
 * The formats `toolwright show --format` prints, as a table: each entry renders the manifest's
 * tools with the library's own renderer, the one the registry uses (never a second implementation).
 */
import { toAnthropicTools } from '../../src/formats/anthropic/toAnthropicTools';
import { toOpenAITools } from '../../src/formats/openai/toOpenAITools';
import { renderToolsXml } from '../../src/formats/xml/renderToolsXml';
import type { ToolManifest } from '../../src/manifest/types';
import { renderManifestJson } from '../emit/renderManifest';

/** One output format of `show`. */
export interface ShowFormat {
  description: string;
  render: (manifest: ToolManifest) => string;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Every format `show` knows, by `--format` name. */
export const SHOW_FORMATS: Record<string, ShowFormat> = {
  anthropic: {
    description: 'Messages API tool definitions, as registry.toAnthropic() gives them (JSON)',
    render: (manifest) => json(toAnthropicTools(manifest.tools)),
  },
  openai: {
    description: 'OpenAI function tools, as registry.toOpenAI() gives them (JSON)',
    render: (manifest) => json(toOpenAITools(manifest.tools)),
  },
  xml: {
    description: "the legacy prompt's <tools> section",
    render: (manifest) => `${renderToolsXml(manifest.tools)}\n`,
  },
  manifest: { description: 'the manifest itself (JSON)', render: renderManifestJson },
};
