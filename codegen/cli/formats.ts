/**
 * The formats `toolwright show --format` prints, as a table: each entry renders the manifest's
 * tools with the library's own renderer, the one the registry uses (never a second implementation),
 * and names the provider whose strict tool use it renders, so `show` can say which tools go out
 * without strict.
 */
import { toAnthropicTools } from '../../src/wire/anthropic/toAnthropicTools';
import { toOpenAITools } from '../../src/wire/openai/toOpenAITools';
import { renderToolsXml } from '../../src/wire/xml/renderToolsXml';
import type { ToolManifest } from '../../src/manifest/types';
import type { StrictProvider } from '../../src/schema/strict/types';
import { renderManifestJson } from '../emit/renderManifest';

/** How `show` renders: `strict` is the default for tools whose own `strict` option is not set. */
export interface ShowRenderOptions {
  strict?: boolean;
}

/** One output format of `show`. */
export interface ShowFormat {
  description: string;
  render: (manifest: ToolManifest, options?: ShowRenderOptions) => string;
  /** The provider whose strict tool use this format renders. */
  strictProvider?: StrictProvider;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Every format `show` knows, by `--format` name. */
export const SHOW_FORMATS: Record<string, ShowFormat> = {
  anthropic: {
    description: 'Messages API tool definitions, as registry.toAnthropic() gives them (JSON)',
    render: (manifest, options = {}) => json(toAnthropicTools(manifest.tools, options)),
    strictProvider: 'anthropic',
  },
  openai: {
    description: 'OpenAI function tools, as registry.toOpenAI() gives them (JSON)',
    render: (manifest, options = {}) => json(toOpenAITools(manifest.tools, options)),
    strictProvider: 'openai',
  },
  xml: {
    description: "the legacy prompt's <tools> section",
    render: (manifest) => `${renderToolsXml(manifest.tools)}\n`,
  },
  manifest: { description: 'the manifest itself (JSON)', render: renderManifestJson },
};
