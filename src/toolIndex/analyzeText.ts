/**
 * The one analysis of the tool search index: identifiers split into words (`cancelOrder`,
 * `cancel_order` → `cancel order`), the library's own tokenizer (`src/search/tokenize`), common
 * words dropped, each word stemmed (`stemWord`). Codegen analyses the tools' text with it at
 * build time, the agent each query at run time.
 */
import { tokenize } from '../search/tokenize';
import { stemWord } from './stemWord';

/** Words that say nothing about which tool is meant. */
const STOP_WORDS = new Set(
  (
    'a an and are as at be by can do does for from has have i in into is it its me my no not of ' +
    'on or our so that the their them then there this to too was we were what when where which ' +
    'who will with you your e g eg'
  ).split(' '),
);

/** `cancelOrder` → `cancel Order`, `cancel_order` → `cancel order`, `VATNumber` → `VAT Number`. */
export const splitIdentifiers = (text: string): string =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .replace(/_/g, ' ');

/**
 * The index terms of a text, in order.
 * @example
 * analyzeText('Refunds the cancelled orders'); // ['refund', 'cancel', 'order']
 */
export function analyzeText(text: string): string[] {
  return tokenize(splitIdentifiers(text))
    .filter((word) => !STOP_WORDS.has(word))
    .map(stemWord);
}
