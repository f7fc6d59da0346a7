/**
 * Reciprocal-rank fusion: merges ranked lists (lexical and vector) by summing 1 / (k + rank)
 * per list, so neither list's raw scores need to be comparable.
 */

/** The fused order of keys, best first (k = 60 as in Cormack et al.). */
export function reciprocalRankFusion(lists: readonly (readonly string[])[], k = 60): string[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    list.forEach((key, rank) => scores.set(key, (scores.get(key) ?? 0) + 1 / (k + rank + 1)));
  }
  return [...scores.entries()].sort((a, b) => b[1] - a[1]).map(([key]) => key);
}
