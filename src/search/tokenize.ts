/**
 * The lexical analysis of the in-memory store and the hashing embedder: lower-cased runs of
 * letters and digits (any script), the words of scripts written without spaces split first
 * (`spacedWords`). The model's query goes through the same function, so no character of it is
 * syntax: `multi-agent`, `@nasa`, `don't`, `"`, `NEAR(` are only words.
 */
import { spacedWords } from './spacedWords';

const WORD = /[\p{L}\p{N}]+/gu;

/** The terms of a text. */
export function tokenize(text: string): string[] {
  return spacedWords(text).toLowerCase().match(WORD) ?? [];
}
