// The man page (roff, man(7) macros), generated from the command tree and the help topics.
import { allSpecs, flagsOf, type CommandSpec, type OptionSpec } from './spec.js';
import { TOPICS, type Topic } from './topics.js';

/** Text escaped for roff: backslashes, hyphens of flags, and lines that would read as requests. */
function esc(text: string): string {
  return text
    .replace(/\\/g, '\\e')
    .replace(/-/g, '\\-')
    .replace(/^([.'])/gm, '\\&$1');
}

const bold = (s: string) => `\\fB${esc(s)}\\fR`;
const italic = (s: string) => `\\fI${esc(s)}\\fR`;

export function manPage(root: CommandSpec): string {
  const [exitCodes, ...otherTopics] = TOPICS;
  const commands = allSpecs(root).filter((s) => s !== root && s.name !== 'help');
  return [
    '.TH FISCAL 1 "" "fiscal" "User Commands"',
    '.SH NAME',
    `fiscal \\- ${esc(root.description)}`,
    '.SH SYNOPSIS',
    `${bold('fiscal')} [${italic('global options')}] ${italic('command')} [${italic('options')}] [${italic('arguments')}]`,
    '.br',
    `${bold('fiscal help')} [${italic('topic')} | ${italic('command')}]`,
    '.SH DESCRIPTION',
    esc(root.description) + '.',
    'Every command accepts the global options and \\fB\\-h\\fR, \\fB\\-\\-help\\fR.',
    '.SH GLOBAL OPTIONS',
    ...root.options.flatMap(option),
    '.SH COMMANDS',
    ...commands.flatMap(command),
    ...otherTopics.flatMap(topic),
    ...topic(exitCodes!),
    '.SH FILES',
    '.TP',
    italic('$FISCAL_CONFIG_DIR/config.json'),
    'The profiles (names, base URLs, API ids and keys), readable by its owner only; by default under $XDG_CONFIG_HOME/fiscal or ~/.config/fiscal.',
    '.SH SEE ALSO',
    'fiscal help <topic>, fiscal <command> \\-\\-help, and the guides in docs/ of the package.',
    '',
  ].join('\n');
}

function option(o: OptionSpec): string[] {
  const value =
    o.value === 'required'
      ? ` ${italic(o.valueName ?? 'value')}`
      : o.value === 'optional'
        ? `[=${italic(o.valueName ?? 'value')}]`
        : '';
  return ['.TP', `${flagsOf(o).reverse().map(bold).join(', ')}${value}`, esc(o.description)];
}

function command(s: CommandSpec): string[] {
  const usage = s.commands.length ? `${italic('command')}` : esc(s.usage);
  const header = [
    `.SS "${['fiscal', ...s.path].join(' ')}"`,
    `${bold(['fiscal', ...s.path].join(' '))} ${usage}`,
    '.PP',
    esc(s.description) + (s.aliases.length ? ` (alias: ${esc(s.aliases.join(', '))})` : ''),
  ];
  if (s.commands.length) return header;
  const options = s.options.filter((o) => o.long !== '--help');
  const args = s.arguments.flatMap((a) => ['.TP', italic(a.name), esc(a.description)]);
  const after = s.helpAfter ? ['.PP', '.nf', '.RS 4', esc(s.helpAfter), '.RE', '.fi'] : [];
  return [...header, ...args, ...options.flatMap(option), ...after];
}

function topic(t: Topic): string[] {
  return [
    `.SH ${t.title}`,
    esc(t.intro),
    ...t.items.flatMap(([term, text]) => ['.TP', bold(term), esc(text)]),
    ...(t.outro ? ['.PP', esc(t.outro)] : []),
  ];
}
