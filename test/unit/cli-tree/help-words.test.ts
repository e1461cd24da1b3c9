// The words a user reads, checked over the whole command tree and every string of the sources: no
// ids of our conformance list, one capitalisation style (commander's own "display help for
// command": lowercase first), and a summary for every command and group.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { allSpecs } from '../../../src/cli-tree/spec.js';
import { TOPICS } from '../../../src/cli-tree/topics.js';
import { currentTree } from '../../helpers/cli-tree.js';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
const RULE_ID = /\bR\d{1,2}[a-z]?\b/;

/** A capitalised ordinary word first ("Manage profiles"); acronyms (NF-e, API, CNPJ) are fine. */
const sentenceCase = (text: string) => /^[A-Z][a-z]+\b(?![-\d])/.test(text);

interface Text {
  where: string;
  text: string;
}

function helpTexts(): Text[] {
  const texts: Text[] = [];
  for (const s of allSpecs(currentTree())) {
    const at = `fiscal ${s.path.join(' ')}`.trim();
    texts.push({ where: `${at} (summary)`, text: s.description });
    texts.push({ where: `${at} (help)`, text: s.helpAfter });
    for (const o of s.options) texts.push({ where: `${at} ${o.long ?? o.short}`, text: o.description });
    for (const a of s.arguments) texts.push({ where: `${at} <${a.name}>`, text: a.description });
  }
  for (const t of TOPICS)
    texts.push({ where: `help ${t.name}`, text: [t.summary, t.intro, ...t.items.flat(), t.outro ?? ''].join('\n') });
  return texts;
}

describe('help texts', () => {
  const texts = helpTexts();

  it('name no rule id of the conformance list', () => {
    const found = texts.filter((t) => RULE_ID.test(t.text)).map((t) => `${t.where}: ${RULE_ID.exec(t.text)![0]}`);
    expect(texts.length).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });

  it('start every summary and description lowercase, as commander\'s own "display help for command"', () => {
    const one = texts.filter((t) => !t.where.endsWith('(help)') && !t.where.startsWith('help '));
    expect(one.filter((t) => sentenceCase(t.text)).map((t) => `${t.where}: ${t.text}`)).toEqual([]);
    expect(sentenceCase('Manage profiles')).toBe(true);
    expect(sentenceCase('NF-e access keys') || sentenceCase('API id') || sentenceCase('search documents')).toBe(false);
  });

  it('give every command and group a summary', () => {
    const specs = allSpecs(currentTree());
    expect(specs.filter((s) => s.commands.length > 0).length).toBeGreaterThan(10);
    expect(specs.filter((s) => s.description.trim().length < 8).map((s) => s.path.join(' '))).toEqual([]);
  });
});

/** Every string literal and template piece of a source file, comments left out. */
function stringsOf(source: string): string[] {
  const strings: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateLiteralToken(node))
      strings.push(node.text);
    node.forEachChild(visit);
  };
  visit(ts.createSourceFile('source.ts', source, ts.ScriptTarget.Latest, true));
  return strings;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(join(repo, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(`${dir}/${e.name}`) : e.name.endsWith('.ts') ? [`${dir}/${e.name}`] : [],
  );
}

describe('messages of the sources', () => {
  it('name no rule id in any string (comments may)', () => {
    expect(stringsOf('// R12 here\nconst a = `x (R31) ${b} y R14`; const c = "R7";')).toEqual([
      'x (R31) ',
      ' y R14',
      'R7',
    ]);
    const found: string[] = [];
    // Product names of the generated data are not messages (a tyre size like "175/70 R14").
    for (const file of sourceFiles('src').filter((f) => !f.startsWith('src/emulator/data/'))) {
      for (const s of stringsOf(readFileSync(join(repo, file), 'utf8')))
        if (RULE_ID.test(s)) found.push(`${file}: ${s.trim().slice(0, 80)}`);
    }
    expect(found).toEqual([]);
  });
});
