// `fiscal mdfe ...`: the MDF-e verbs gathered under the type, each the very command (and module)
// of its verb-first form: `fiscal mdfe search` is `fiscal search mdfe`, `fiscal mdfe pdf` is
// `fiscal pdf mdfe`, `fiscal mdfe events` is `fiscal events mdfe`.
import type { Command } from 'commander';
import type { Context } from '../../context.js';
import { addMdfeSearch } from '../search/index.js';
import { register } from '../shared/define.js';
import { eventsVerbOf } from '../shared/event-flags.js';
import { keyedPdfVerb } from '../shared/pdf-verbs.js';
import { addXmlVerb } from '../xml/index.js';

/** `fiscal mdfe pdf`: the declaration of `fiscal pdf mdfe`, under the type. */
export const pdfVerb = keyedPdfVerb('mdfe', () => import('./pdf.js'), 'pdf');

export function registerMdfe(program: Command, ctx: Context): void {
  const mdfe = program
    .command('mdfe')
    .description('MDF-e (cargo manifests): search, XML, DAMDFe, events')
    .addHelpText('after', '\nExamples:\n  $ fiscal mdfe search --role emitted --status authorized\n  $ fiscal mdfe xml <key> > manifesto.xml\n  $ fiscal mdfe pdf <key> --dir ./damdfes\n\nThe same as fiscal search mdfe, fiscal xml mdfe, fiscal pdf mdfe and fiscal events mdfe.');
  addMdfeSearch(mdfe, ctx, 'search');
  addXmlVerb(mdfe, ctx, 'mdfe', 'MDF-e');
  register(mdfe, ctx, pdfVerb);
  register(mdfe, ctx, eventsVerbOf('mdfe'));
}
