import { stockTools } from './__fixtures__/stockTools';
import { buildXmlSystemPrompt, XML_STOP_SEQUENCE } from './buildXmlSystemPrompt';
import { extractAnswer } from './extractAnswer';
import { renderToolsXml } from './renderToolsXml';

describe('buildXmlSystemPrompt', () => {
  it('puts the documented preamble and call syntax first, then the tools, then the app prompt', () => {
    const prompt = buildXmlSystemPrompt(stockTools, 'You are a careful analyst.');
    expect(prompt).toBe(
      [
        "In this environment you have access to a set of tools you can use to answer the user's question.",
        '',
        'You may call them like this:',
        '<function_calls>',
        '<invoke>',
        '<tool_name>$TOOL_NAME</tool_name>',
        '<parameters>',
        '<$PARAMETER_NAME>$PARAMETER_VALUE</$PARAMETER_NAME>',
        '...',
        '</parameters>',
        '</invoke>',
        '</function_calls>',
        '',
        'Here are the tools available:',
        renderToolsXml(stockTools),
        '',
        'You are a careful analyst.',
      ].join('\n'),
    );
    expect(XML_STOP_SEQUENCE).toBe('</function_calls>');
  });

  it('ends with the tools when there is no app prompt', () => {
    expect(buildXmlSystemPrompt(stockTools).endsWith('</tool_description>\n</tools>')).toBe(true);
  });
});

describe('extractAnswer', () => {
  it('reads the <answer> of a final reply', () => {
    expect(
      extractAnswer(
        'Done.\n<answer>\nThe current stock price of General Motors is $38.50.\n</answer>',
      ),
    ).toBe('The current stock price of General Motors is $38.50.');
    expect(extractAnswer('<answer>cut off')).toBe('cut off');
    expect(extractAnswer('no answer here')).toBeUndefined();
  });
});
