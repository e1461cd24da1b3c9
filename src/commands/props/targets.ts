// Which endpoint each id of `props set` goes to: an NFS-e is named by its R10 id, the others by an
// access key whose model (R7) says the type. Every id is placed, and every role checked, before
// anything is sent: a mistake exits 2 naming the id or the role and the type.
import { UsageError } from '../../errors.js';
import { accessKeyProblem, badAccessKey, parseAccessKey } from '../../fiscal/access-key.js';
import {
  docType,
  hasProperties,
  PROPERTY_DOC_TYPES,
  typeOfModel,
  type PropertyDocType,
} from '../../fiscal/doc-types.js';
import { nfseIdProblem } from '../../fiscal/nfse-id.js';

/** The ids of one type, sent to its endpoint in `role`. */
export interface PropertyTarget {
  type: PropertyDocType;
  role: string;
  ids: string[];
}

const TAKEN = 'props set takes access keys of NF-e, CT-e and CT-e OS and NFS-e ids';

/** The type `id` names (`where`: ` (standard input)`), or exit 2 saying why it is none that has properties. */
export function propertyTypeOf(id: string, where = ''): PropertyDocType {
  // An R10 id has colons; an access key never does.
  if (id.includes(':')) {
    const problem = nfseIdProblem(id);
    if (problem) throw new UsageError(`invalid NFS-e id "${id}"${where}: ${problem}`);
    return 'nfse';
  }
  const problem = accessKeyProblem(id);
  if (problem) throw new UsageError(badAccessKey(id, problem, where));
  const { model } = parseAccessKey(id);
  const type = typeOfModel(model);
  if (type && hasProperties(type)) return type;
  const what = type ? `${docType(type).article} ${docType(type).name} key` : 'a key';
  throw new UsageError(`"${id}"${where} is ${what} (model ${model}), a type without custom properties: ${TAKEN}`);
}

/** The role `type` is sent in: `role` when given (a role of the type, else exit 2), else its first. */
export function roleOf(type: PropertyDocType, role: string | undefined): string {
  const { name, roles } = docType(type);
  if (role === undefined) return roles[0]!;
  if (!roles.includes(role))
    throw new UsageError(
      `--role ${role} is not a role of ${name} (its roles: ${roles.join(', ')}); give no --role for each type's first`,
    );
  return role;
}

/** The ids grouped by type, in the registry's order, each with its role. */
export function propertyTargets(ids: readonly string[], role: string | undefined): PropertyTarget[] {
  const byType = new Map<PropertyDocType, string[]>();
  for (const id of ids) {
    const type = propertyTypeOf(id);
    const group = byType.get(type);
    if (group) group.push(id);
    else byType.set(type, [id]);
  }
  return PROPERTY_DOC_TYPES.filter((t) => byType.has(t)).map((type) => ({
    type,
    role: roleOf(type, role),
    ids: byType.get(type)!,
  }));
}
