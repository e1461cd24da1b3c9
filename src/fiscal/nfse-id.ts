// NFS-e document ids, R10: `<owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>`; flagerp (and the PDF
// endpoints, designed) also take the same without the owner.

/** Why `id` is not an NFS-e id (with or without the owner), or undefined when it is one. */
export function nfseIdProblem(id: string): string | undefined {
  const parts = id.split(':');
  if (parts.length !== 3 && parts.length !== 4) return 'an NFS-e id is <owner>:<emitter_cnpj>:<yyyy-mm-dd>:<number>';
  const [day, number] = parts.slice(-2) as [string, string];
  if (parts.slice(0, -2).some((t) => !/^(\d{11}|\d{14})$/.test(t))) {
    return 'the owner and the emitter of an NFS-e id are a CNPJ (14 digits) or a CPF (11)';
  }
  if (!isCalendarDate(day)) return 'the date of an NFS-e id is a calendar date yyyy-mm-dd';
  if (!/^\d{1,15}$/.test(number)) return 'the number of an NFS-e id has 1 to 15 digits';
  return undefined;
}

/** The owner of an R10 id, undefined for the owner-less form. */
export function nfseIdOwner(id: string): string | undefined {
  const parts = id.split(':');
  return parts.length === 4 ? parts[0] : undefined;
}

function isCalendarDate(day: string): boolean {
  const date = new Date(`${day}T00:00:00Z`);
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === day;
}
