/** The model the samples use: `ANTHROPIC_MODEL` when set, else a current Sonnet. */
export const SAMPLE_MODEL = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5';
