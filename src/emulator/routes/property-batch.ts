// The body of a batch property write, `{data: [{<id field>, value}]}`, checked whole before any
// item is applied (designed: a 400 naming `data.<i>.<field>` for every problem at once). NF-e
// (R28) name their documents by `access_key`, NFS-e (R37) by `id`; the rest is one rule.
import { PROPERTY_NAME, PROPERTY_VALUE_MAX } from '../../api/wire/props.js';
import { HttpError, v1FieldErrors } from '../respond.js';

interface PropertyBatchRule<F extends string> {
  /** The field naming each document. */
  idField: F;
  /** Items a call may carry. */
  max: number;
  /** Why an id is not one, or undefined when it is. */
  idProblem: (id: unknown) => string | undefined;
}

export function readPropertyBatch<F extends string>(
  raw: unknown,
  property: string,
  rule: PropertyBatchRule<F>,
): Array<Record<F, string> & { value: string }> {
  const errors: Record<string, string[]> = {};
  const problem = (field: string, message: string) => (errors[field] ??= []).push(message);
  if (!PROPERTY_NAME.test(property))
    problem('property', 'The property is 1 to 64 letters, digits or underscores, not starting with a digit.');
  const data = typeof raw === 'object' && raw !== null ? (raw as { data?: unknown }).data : undefined;
  if (!Array.isArray(data) || data.length === 0)
    problem('data', `The data field is required: a non-empty array of {${rule.idField}, value}.`);
  else if (data.length > rule.max) problem('data', `The data may not have more than ${rule.max} items.`);
  else {
    data.forEach((item: unknown, i) => {
      const it = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
      const why = rule.idProblem(it[rule.idField]);
      if (why) problem(`data.${i}.${rule.idField}`, why);
      if (typeof it.value !== 'string') problem(`data.${i}.value`, 'The value field is required.');
      else if (it.value.length > PROPERTY_VALUE_MAX)
        problem(`data.${i}.value`, `The value may not be greater than ${PROPERTY_VALUE_MAX} characters.`);
    });
  }
  if (Object.keys(errors).length > 0) throw new HttpError(v1FieldErrors(400, errors));
  return (data as Record<string, unknown>[]).map(
    (it) => ({ [rule.idField]: it[rule.idField], value: it.value }) as Record<F, string> & { value: string },
  );
}
