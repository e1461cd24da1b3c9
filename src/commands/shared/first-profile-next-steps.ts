// What to try once a profile is saved: a first search, a first pull, and the emulator.

export function nextSteps(name: string, isDefault: boolean): string[] {
  const p = isDefault ? '' : ` --profile ${name}`;
  const rows: Array<[string, string]> = [
    [`fiscal${p} search nfe --role received --limit 10`, 'the latest NF-e received by your companies'],
    [`fiscal${p} pull nfe --role received`, 'download their XML into ./fiscal-docs, resumably'],
    [`fiscal${p} profile show`, 'the profile in use, key masked'],
    ['fiscal --profile emulator search nfe', 'try any command against a local emulator'],
  ];
  if (!isDefault) rows.push([`fiscal profile use ${name}`, 'make this profile the default']);
  const width = Math.max(...rows.map(([cmd]) => cmd.length));
  return ['Next, try:', ...rows.map(([cmd, what]) => `  ${cmd.padEnd(width)}   ${what}`)];
}
