/**
 * The formats `toolwright show --format` prints, as a table: each entry renders the manifest's
 * tools with the library's own renderer (never a second implementation). A format whose
 * renderer is not part of this build answers "not available" (exit 2).
 */
import { toAnthropicTools } from '../../src/formats/anthropic/toAnthropicTools';
import type { ToolManifest } from '../../src/manifest/types';
import { renderManifestJson } from '../emit/renderManifest';

/** One output format of `show`. */
export interface ShowFormat {
  description: string;
  /** Absent when this build does not include the format's renderer. */
  render?: (manifest: ToolManifest) => string;
}

const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`;

/** Every format `show` knows, by `--format` name. */
export const SHOW_FORMATS: Record<string, ShowFormat> = {
  anthropic: {
    description: 'Messages API tool definitions, as registry.toAnthropic() gives them (JSON)',
    render: (manifest) => json(toAnthropicTools(manifest.tools)),
  },
  openai: { description: 'OpenAI function tools (JSON)' },
  xml: { description: "the legacy prompt's <tools> section" },
  manifest: { description: 'the manifest itself (JSON)', render: renderManifestJson },
};
