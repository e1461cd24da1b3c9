// Every export of src/ is imported somewhere else (another module of src/, or a test): an export
// only its own file uses is a dead export, and the file's reader cannot tell what it offers from
// what it keeps. Read from the syntax alone (imports, re-exports, the named parts of a dynamic
// import), without type-checking, so it stays quick.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const repo = fileURLToPath(new URL('../../', import.meta.url));

/** Exported for what is still to be written: a new type's `Stored<Type>` extends it (docs/architecture.md). */
const EXTENSION_POINTS = new Set(['src/emulator/model-docs.ts KeyedDoc']);

function sources(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.m?ts$/.test(e.name) && !e.name.endsWith('.d.mts'))
    .map((e) => relative(repo, join(e.parentPath, e.name)));
}

/** The repository file a relative specifier names (`./x.js` is `./x.ts`), or undefined for a package. */
function target(from: string, specifier: string, known: Set<string>): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const path = relative(repo, resolve(repo, dirname(from), specifier));
  return [path, path.replace(/\.js$/, '.ts'), path.replace(/\.mjs$/, '.mts'), `${path}/index.ts`].find((p) =>
    known.has(p),
  );
}

/** The names each file imports from each other file: `file name`, or `file *` for all of them. */
function usedNames(files: string[]): Set<string> {
  const known = new Set(files);
  const used = new Set<string>();
  for (const file of files) {
    const source = ts.createSourceFile(file, readFileSync(join(repo, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const use = (specifier: ts.Expression | undefined, names: readonly string[] | '*') => {
      const to = specifier && ts.isStringLiteral(specifier) ? target(file, specifier.text, known) : undefined;
      if (to && to !== file) for (const name of names === '*' ? ['*'] : names) used.add(`${to} ${name}`);
    };
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) {
        const bindings = node.importClause?.namedBindings;
        if (bindings && ts.isNamespaceImport(bindings)) use(node.moduleSpecifier, '*');
        else use(node.moduleSpecifier, bindings?.elements.map((e) => (e.propertyName ?? e.name).text) ?? []);
      } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
        const clause = node.exportClause;
        use(
          node.moduleSpecifier,
          clause && ts.isNamedExports(clause) ? clause.elements.map((e) => (e.propertyName ?? e.name).text) : '*',
        );
      } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
        use(node.arguments[0], namesTakenFrom(node));
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return used;
}

/** What is read of a dynamic import: `const { a } = await import(...)`, `(await import(...)).a`, a verb's default; else all. */
function namesTakenFrom(call: ts.CallExpression): readonly string[] | '*' {
  let node: ts.Node = call;
  while (ts.isAwaitExpression(node.parent) || ts.isParenthesizedExpression(node.parent)) node = node.parent;
  const parent = node.parent;
  // A verb's `load: () => import('./verb.js')`: define.ts takes its default export.
  if (ts.isArrowFunction(parent)) return ['default'];
  if (ts.isPropertyAccessExpression(parent)) return parent.name.text === 'then' ? '*' : [parent.name.text];
  if (ts.isVariableDeclaration(parent) && ts.isObjectBindingPattern(parent.name))
    return parent.name.elements.map((e) => (e.propertyName ?? e.name).getText());
  return '*';
}

function exportedNames(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(repo, file), 'utf8'), ts.ScriptTarget.Latest, true);
  return source.statements.flatMap((statement) => {
    const modifiers = ts.canHaveModifiers(statement) ? (ts.getModifiers(statement) ?? []) : [];
    const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported || modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword)) return [];
    if (ts.isVariableStatement(statement))
      return statement.declarationList.declarations.flatMap((d) => (ts.isIdentifier(d.name) ? [d.name.text] : []));
    const name = (statement as { name?: ts.Node }).name;
    return name && ts.isIdentifier(name) ? [name.text] : [];
  });
}

describe('the exports of src/', () => {
  it('are each imported by another module or a test', () => {
    const src = sources('src');
    const used = usedNames([...src, ...sources('test')]);
    const dead = src.flatMap((file) =>
      exportedNames(file)
        .map((name) => `${file} ${name}`)
        .filter((entry) => !used.has(entry) && !used.has(`${entry.split(' ')[0]} *`) && !EXTENSION_POINTS.has(entry)),
    );
    expect(src.length).toBeGreaterThan(300);
    expect(dead).toEqual([]);
  });
});
