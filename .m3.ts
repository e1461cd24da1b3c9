import { readFileSync, readdirSync } from 'node:fs';
import { readDocuments } from './src/fiscal/readers/index.ts';
import { extractFacts } from './src/catalog/extract/index.ts';
let same=0, declined=0, diff=0;
for (const dir of process.argv.slice(2)) for (const f of readdirSync(dir).filter(f=>f.endsWith('.xml'))) {
  const b = readFileSync(dir+'/'+f);
  let full; try { full = readDocuments(b, 'x'); } catch { full = undefined; }
  let lean; try { lean = extractFacts('nfe', b)?.summary; } catch (e) { lean = undefined; }
  if (!lean) { declined++; continue; }
  const want = full && full.length === 1 ? JSON.stringify({...full[0], source: undefined}) : 'none';
  const got = JSON.stringify(lean);
  if (want === got) same++; else { diff++; if (diff < 4) console.log(f, '\n', want, '\n', got); }
}
console.log({same, declined, diff});
