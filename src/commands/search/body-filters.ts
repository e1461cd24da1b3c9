// The filters every PascalCase body search shares (`/v2/dfe/nfe`, `/v1/dfe/cte`, `/v1/dfe/cteos`,
// `/v1/dfe/mdfe`), from the flags of the same names: dates as `{From, To}` (R9), the owners and
// the emitter. `--created-to now` becomes the time of the run: the v1 listings take `now` itself,
// but the body searches are not documented to.
import { brasiliaDateTime, NOW } from '../../fiscal/dates.js';

export interface CommonFilterFlags {
  createdFrom?: string | undefined;
  createdTo?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  owner?: string[] | undefined;
  emitter?: string[] | undefined;
}

export interface CommonBodyFilters {
  CreatedAt?: { From?: string; To?: string };
  EmissionDate?: { From?: string; To?: string };
  Owners?: string[];
  EmitterCnpj?: string[];
}

/** A `{From, To}` range with only the sides given. */
export function range(from: string | undefined, to: string | undefined): { From?: string; To?: string } {
  return { ...(from ? { From: from } : {}), ...(to ? { To: to } : {}) };
}

/** An upper creation bound as a body search takes it: `now` is the run's time. */
export function createdToValue(value: string | undefined, now: Date): string | undefined {
  return value === NOW ? brasiliaDateTime(now) : value;
}

export function commonBodyFilters(o: CommonFilterFlags, now: Date): CommonBodyFilters {
  const f: CommonBodyFilters = {};
  if (o.createdFrom || o.createdTo) f.CreatedAt = range(o.createdFrom, createdToValue(o.createdTo, now));
  if (o.from || o.to) f.EmissionDate = range(o.from, o.to);
  if (o.owner) f.Owners = o.owner;
  if (o.emitter) f.EmitterCnpj = o.emitter;
  return f;
}
