/**
 * Prints a `ToolAgent` stream as it happens: the model's text as it arrives, each tool call
 * with its validated input (or why it was refused), and each result.
 */
import type { ToolAgent } from 'toolwright';

const MAX_SHOWN = 600;

/** Long results shortened for the terminal (the model gets them whole). */
const shorten = (text: string): string =>
  text.length > MAX_SHOWN
    ? `${text.slice(0, MAX_SHOWN)}… (${text.length - MAX_SHOWN} more characters)`
    : text;

const indent = (text: string): string => text.replace(/\n/g, '\n      ');

const contentText = (content: unknown): string =>
  typeof content === 'string'
    ? content
    : (content as { type: string; text?: string }[]).map((b) => b.text ?? `[${b.type}]`).join('');

/** Runs `question` through the agent's stream, printing every step; resolves with the final text. */
export async function printConversation(
  agent: ToolAgent,
  question: string,
  signal: AbortSignal,
): Promise<string> {
  const out = process.stdout;
  out.write(`\nuser   ${question}\n`);
  let inText = false;
  const refused = new Set<string>();
  const endText = () => {
    if (inText) out.write('\n');
    inText = false;
  };
  for await (const event of agent.stream(question, { signal })) {
    switch (event.type) {
      case 'text':
        if (!inText) out.write('model  ');
        inText = true;
        out.write(event.text.replace(/\n/g, '\n       '));
        break;
      case 'tool_call':
        endText();
        if ('error' in event.call) {
          out.write(`call   ${event.call.name} ${JSON.stringify(event.call.input)}\n`);
          out.write(`  ✗ refused before running: ${indent(event.call.error)}\n`);
          refused.add(event.call.id);
        } else {
          out.write(
            `call   ${event.call.name}\n  ✓ validated input ${JSON.stringify(event.call.input)}\n`,
          );
        }
        break;
      case 'tool_result':
        endText();
        if (refused.has(event.id)) break;
        out.write(
          `${event.isError ? '  ✗ error ' : '  ← result'} ${indent(shorten(contentText(event.content)))}\n`,
        );
        break;
      case 'done':
        endText();
        out.write(
          `(${event.result.iterations} model requests, stop: ${event.result.stopReason}, ` +
            `${event.result.usage.input_tokens} input / ${event.result.usage.output_tokens} output tokens)\n`,
        );
        return event.result.finalText;
      default:
        break;
    }
  }
  endText();
  return '';
}
