/**
 * The metric names a set of PromQL expressions reads: label matchers, grouping clauses, strings
 * and durations removed, then every identifier that is not a function or a keyword.
 */
const KEYWORDS = new Set(['and', 'or', 'unless', 'by', 'without', 'on', 'ignoring', 'offset']);

export function metricNames(exprs: string[]): string[] {
  const names = new Set<string>();
  for (const expr of exprs) {
    const bare = expr
      .replace(/\{[^}]*\}/g, ' ')
      .replace(/\b(by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)/g, ' ')
      .replace(/\[[^\]]*\]/g, ' ')
      .replace(/"[^"]*"/g, ' ');
    for (const match of bare.matchAll(/[a-zA-Z_:][a-zA-Z0-9_:]*(?=\s*(\(?))/g)) {
      const [name, call] = [match[0], match[1]];
      if (call === '(' || KEYWORDS.has(name) || !name.includes('_')) continue;
      names.add(name);
    }
  }
  return [...names].sort();
}
