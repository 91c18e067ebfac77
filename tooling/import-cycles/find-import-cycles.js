// @ts-check
// The import graph of one package's own files, read the way TypeScript resolves them (the
// package's tsconfig.json: its files, paths and conditions), and the circles in it. Every import
// counts: `import type`, `export … from` and lazy `import()` too, so that the structure stays a
// tree whatever is erased or deferred at run time.
import path from 'node:path';
import ts from 'typescript';

/**
 * The import circles among the files of the package at `packageDir`, each as the list of files on
 * it (relative to `packageDir`), the first file repeated at the end.
 * @param {string} packageDir
 * @returns {string[][]}
 */
export function findImportCycles(packageDir) {
  const parsed = readProject(packageDir);
  const root = path.resolve(packageDir) + path.sep;
  const own = (/** @type {string} */ file) => file.startsWith(root) && !file.includes(`${path.sep}node_modules${path.sep}`);

  /** @type {Map<string, string[]>} */
  const graph = new Map();
  for (const file of parsed.fileNames.map((name) => path.resolve(name)).filter(own)) {
    const { importedFiles } = ts.preProcessFile(ts.sys.readFile(file) ?? '', true, true);
    const targets = importedFiles
      .map(({ fileName }) => ts.resolveModuleName(fileName, file, parsed.options, ts.sys).resolvedModule?.resolvedFileName)
      .filter((target) => target !== undefined && own(path.resolve(target)))
      .map((target) => path.resolve(/** @type {string} */ (target)));
    graph.set(file, [...new Set(targets)]);
  }
  return stronglyConnected(graph).map((component) => cycleThrough(component, graph).map((file) => path.relative(packageDir, file)));
}

/**
 * The package's files and compiler options: its own tsconfig.json, or, for a package of plain
 * JavaScript without one (a preset), every script file in it.
 * @param {string} packageDir
 * @returns {{ fileNames: string[], options: ts.CompilerOptions }}
 */
function readProject(packageDir) {
  const configFile = path.join(packageDir, 'tsconfig.json');
  if (ts.sys.fileExists(configFile)) {
    const parsed = ts.getParsedCommandLineOfConfigFile(configFile, {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
    if (parsed === undefined) throw new Error(`Cannot read ${configFile}`);
    return parsed;
  }
  const fileNames = ts.sys.readDirectory(packageDir, ['.js', '.mjs', '.cjs', '.ts', '.mts', '.tsx'], ['node_modules', 'dist'], undefined);
  return { fileNames, options: { allowJs: true, module: ts.ModuleKind.Preserve, moduleResolution: ts.ModuleResolutionKind.Bundler } };
}

/**
 * Tarjan's strongly connected components with more than one file (or a file importing itself).
 * @param {Map<string, string[]>} graph
 */
function stronglyConnected(graph) {
  let next = 0;
  /** @type {Map<string, { index: number, low: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */
  const components = [];
  const visit = (/** @type {string} */ file) => {
    const mark = { index: next, low: next };
    next += 1;
    seen.set(file, mark);
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      const known = seen.get(target);
      if (known === undefined) {
        visit(target);
        mark.low = Math.min(mark.low, /** @type {{ low: number }} */ (seen.get(target)).low);
      } else if (onStack.has(target)) {
        mark.low = Math.min(mark.low, known.index);
      }
    }
    if (mark.low !== mark.index) return;
    /** @type {string[]} */
    const component = [];
    let member;
    do {
      member = /** @type {string} */ (stack.pop());
      onStack.delete(member);
      component.push(member);
    } while (member !== file);
    if (component.length > 1 || (graph.get(file) ?? []).includes(file)) components.push(component);
  };
  for (const file of [...graph.keys()].sort()) if (!seen.has(file)) visit(file);
  return components;
}

/**
 * One circle inside a component, shortest from its first file (by name), to show where it runs.
 * @param {string[]} component
 * @param {Map<string, string[]>} graph
 */
function cycleThrough(component, graph) {
  const members = new Set(component);
  const start = [...component].sort()[0] ?? '';
  /** @type {Map<string, string>} */
  const cameFrom = new Map();
  const queue = [start];
  while (queue.length > 0) {
    const file = /** @type {string} */ (queue.shift());
    for (const target of graph.get(file) ?? []) {
      if (!members.has(target)) continue;
      if (target === start) {
        const chain = [file];
        for (let at = file; at !== start; ) {
          at = cameFrom.get(at) ?? start;
          chain.unshift(at);
        }
        return [...chain, start];
      }
      if (!cameFrom.has(target)) {
        cameFrom.set(target, file);
        queue.push(target);
      }
    }
  }
  return [start, start];
}
