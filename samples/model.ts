/** The model the samples use: `ANTHROPIC_MODEL` when set, else the newest Sonnet the SDK lists. */
export const SAMPLE_MODEL = process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-5-5';
