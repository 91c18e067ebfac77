#!/usr/bin/env node
// @ts-check
// `typecheck-and-lint`: a package's type check (as `tsc` with its tsconfig.json) and its ESLint
// run (as `eslint .`) over one TypeScript program. Typed lint rules ask the type checker about
// almost every expression; run apart, ESLint built and checked the package's program a second
// time. The checker first reports every error tsc would, and the rules then find each type
// already computed.
import path from 'node:path';
import { ESLint } from 'eslint';
import ts from 'typescript';

const cwd = process.cwd();
const configPath = ts.findConfigFile(cwd, (file) => ts.sys.fileExists(file), 'tsconfig.json');
if (configPath === undefined || path.dirname(configPath) !== cwd) {
  console.error(`typecheck-and-lint: no tsconfig.json in ${cwd}`);
  process.exit(2);
}

/** @type {ts.FormatDiagnosticsHost} */
const formatHost = { getCanonicalFileName: (file) => file, getCurrentDirectory: () => cwd, getNewLine: () => ts.sys.newLine };
const color = process.stdout.isTTY && !process.env.NO_COLOR;
/** @param {readonly ts.Diagnostic[]} diagnostics */
const print = (diagnostics) => {
  if (diagnostics.length === 0) return;
  process.stdout.write(color ? ts.formatDiagnosticsWithColorAndContext(diagnostics, formatHost) : ts.formatDiagnostics(diagnostics, formatHost));
};

/** @type {ts.ParseConfigFileHost} */
const configHost = {
  ...ts.sys,
  onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
    print([diagnostic]);
    process.exit(2);
  },
};
const config = ts.getParsedCommandLineOfConfigFile(configPath, {}, configHost);
if (config === undefined) process.exit(2);
const program = ts.createProgram({
  rootNames: config.fileNames,
  options: config.options,
  projectReferences: config.projectReferences,
  configFileParsingDiagnostics: ts.getConfigFileParsingDiagnostics(config),
});

// In tsc's order: a later kind is looked for only when the earlier found nothing.
const diagnostics = [...program.getConfigFileParsingDiagnostics(), ...program.getOptionsDiagnostics(), ...program.getSyntacticDiagnostics()];
if (diagnostics.length === 0) diagnostics.push(...program.getGlobalDiagnostics());
if (diagnostics.length === 0) diagnostics.push(...program.getSemanticDiagnostics());
print(diagnostics);
const typeErrors = diagnostics.filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error).length;
if (typeErrors > 0) console.log(`Found ${String(typeErrors)} type error${typeErrors === 1 ? '' : 's'}.`);

// The package's own ESLint config, with this program for its TypeScript files (the ones its
// tsconfig.json includes: the typed rules' project service found them there too).
const eslint = new ESLint({
  cwd,
  overrideConfig: [{ files: ['**/*.{ts,tsx,mts,cts}'], languageOptions: { parserOptions: { projectService: false, programs: [program] } } }],
});
const results = await eslint.lintFiles(['.']);
const formatted = await (await eslint.loadFormatter('stylish')).format(results);
if (formatted !== '') console.log(formatted);
const lintErrors = results.reduce((sum, result) => sum + result.errorCount + result.fatalErrorCount, 0);

process.exit(typeErrors > 0 || lintErrors > 0 ? 1 : 0);
