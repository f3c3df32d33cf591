import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/**
 * Features may use each other only one way (issue 17): a cycle between two features means neither
 * can be understood, tested or split into its own chunk alone. ESLint's boundary rules check how
 * a feature is imported (its index.ts); this checks the graph they form. When a page needs
 * another feature's block, the router composes them (see app/router.tsx).
 */

const FEATURES = path.resolve(__dirname, '../../features');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === '__tests__' ? [] : sourceFiles(file);
    return /\.tsx?$/.test(name) ? [file] : [];
  });
}

function featureGraph(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of readdirSync(FEATURES)) {
    const uses = new Set<string>();
    for (const file of sourceFiles(path.join(FEATURES, feature))) {
      // Relative imports and the `@/` alias (tsconfig paths) alike.
      for (const [, specifier] of readFileSync(file, 'utf8').matchAll(/from '((?:\.|@\/)[^']+)'/g)) {
        const resolved = specifier.startsWith('@/')
          ? path.resolve(FEATURES, '../..', specifier.slice(2))
          : path.resolve(path.dirname(file), specifier);
        const target = path.relative(FEATURES, resolved).split(path.sep)[0];
        if (target !== feature && !target.startsWith('..')) uses.add(target);
      }
    }
    graph.set(feature, uses);
  }
  return graph;
}

/** Every cycle found by a depth-first walk, as 'a → b → a'. */
function cycles(graph: Map<string, Set<string>>): string[] {
  const found: string[] = [];
  const walk = (node: string, trail: string[]) => {
    for (const next of graph.get(node) ?? []) {
      const at = trail.indexOf(next);
      if (at >= 0) found.push([...trail.slice(at), next].join(' → '));
      else walk(next, [...trail, next]);
    }
  };
  for (const feature of graph.keys()) walk(feature, [feature]);
  return [...new Set(found)];
}

it('finds a cycle when there is one (the check itself)', () => {
  const graph = new Map([['a', new Set(['b'])], ['b', new Set(['c'])], ['c', new Set(['a'])], ['d', new Set(['a'])]]);
  expect(cycles(graph)).toContain('a → b → c → a');
});

it('has no cycle between features', () => {
  const graph = featureGraph();
  expect(graph.get('contacts')).toBeDefined();
  expect(cycles(graph)).toEqual([]);
});
