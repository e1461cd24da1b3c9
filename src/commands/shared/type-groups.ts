// The type groups: a type the registry gathers under its own name (`group`) gets there the verb of
// each verb-first form it has. `fiscal mdfe search` is `fiscal search mdfe`, the very declaration
// under a second name (aliasOf); `fiscal mdfe xml <key>` is `fiscal xml mdfe <key>`. program.ts
// hands in the verb-first forms, so no command folder imports another's. Plain data: --help path.
import { docType, typesWith, type DocTypeName } from '../../fiscal/doc-types.js';
import { aliasOf, defineGroup, type GroupSpec, type VerbSpec } from './define.js';

/** A verb-first form: its verb, the word a group's summary says for it, and its verb of one type. */
interface TypeVerbs {
  verb: string;
  word?: (type: DocTypeName) => string;
  of(type: DocTypeName): VerbSpec<any> | undefined;
}

/** The verbs of a verb-first group, one per type and named by it (`fiscal search <type>`). */
export function verbsOfGroup(group: GroupSpec, word?: TypeVerbs['word']): TypeVerbs {
  return {
    verb: group.name,
    ...(word && { word }),
    of: (type) => group.verbs.find((v): v is VerbSpec<any> => v.name === type && !('verbs' in v)),
  };
}

/** One group per type the registry gathers, with the verbs `forms` have for it, in their order. */
export function typeGroups(forms: readonly TypeVerbs[]): GroupSpec[] {
  return typesWith('group').map((type) => typeGroup(type, forms));
}

function typeGroup(type: DocTypeName, forms: readonly TypeVerbs[]): GroupSpec {
  const spec = docType(type);
  const found = forms.flatMap((form) => {
    const verb = form.of(type);
    return verb ? [{ form, verb: verb.name === form.verb ? verb : aliasOf(verb, form.verb) }] : [];
  });
  const firstForm = (f: (typeof found)[number]) =>
    f.verb.examples[0]!.replace(`fiscal ${f.form.verb} ${type}`, `fiscal ${type} ${f.form.verb}`);
  const same = found.map(({ form }) => `fiscal ${form.verb} ${type}`);
  return defineGroup({
    name: type,
    summary: `${spec.name} (${spec.what}): ${found.map(({ form }) => form.word?.(type) ?? form.verb).join(', ')}`,
    examples: found.map(firstForm),
    notes: `The same as ${same.slice(0, -1).join(', ')} and ${same.at(-1)}.`,
    verbs: found.map(({ verb }) => verb),
  });
}
