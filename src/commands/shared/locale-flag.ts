// `--locale`: money and dates as people of a locale read them (src/output/locale.ts), declared
// once for every verb whose tables or CSV people open: `flags: { ...LOCALE_FLAG, ... }`, then
// `createRecordWriter(ctx, { ..., locale: options.locale })`. Plain data: loaded for --help.
import type { FlagSpec } from './define.js';

export const LOCALE_FLAG = {
  locale: {
    type: 'choice',
    choices: ['en', 'pt-BR'],
    aliases: { pt: 'pt-BR', br: 'pt-BR', 'en-US': 'en' },
    value: 'locale',
    env: 'FISCAL_LOCALE',
    summary:
      'money and dates for people: pt-BR (1.234,56, 15/06/2026; CSV with ; and a BOM for spreadsheets) or en (1234.56, ISO dates: the default)',
  },
} as const satisfies Record<string, FlagSpec>;
