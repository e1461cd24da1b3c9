// A workbook read back by another reader than the one that wrote it: Python's zipfile and
// ElementTree (the xlsx is a zip of SpreadsheetML parts), so that a test of `-o xlsx` checks the
// file, not exceljs's own idea of it. Each cell comes with its type as stored (`s` shared string,
// `n` number, `b` boolean...) and the number format its style gives it.
import { execFileSync } from 'node:child_process';
import { hostTool } from './host-tools.js';

export const hasPython = (): boolean =>
  hostTool('python3', ['-c', 'import zipfile'], 'xlsx files read back', 'python3');

export interface XlsxCellRead {
  ref: string;
  /** `s` (text), `n` (number), `b` (boolean), `str`, `inlineStr`. */
  type: string;
  value: string;
  numFmt: string;
}

export interface XlsxSheetRead {
  name: string;
  frozenRows: number;
  autoFilter: string | null;
  /** Width of each column (1-based index as a string), as the file sets it. */
  widths: Record<string, number>;
  rows: XlsxCellRead[][];
}

const READER = String.raw`
import sys, json, zipfile, xml.etree.ElementTree as ET
NS = {'m': 'http://schemas.openxmlformats.org/spreadsheetml/2006/main'}
BUILTIN = {0: 'General', 1: '0', 2: '0.00', 3: '#,##0', 4: '#,##0.00', 9: '0%', 10: '0.00%', 14: 'mm-dd-yy', 22: 'm/d/yy h:mm', 49: '@'}
z = zipfile.ZipFile(sys.argv[1])
strings = []
if 'xl/sharedStrings.xml' in z.namelist():
    for si in ET.fromstring(z.read('xl/sharedStrings.xml')).findall('m:si', NS):
        strings.append(''.join(t.text or '' for t in si.iter('{%s}t' % NS['m'])))
styles = ET.fromstring(z.read('xl/styles.xml'))
custom = {int(f.get('numFmtId')): f.get('formatCode') for f in styles.findall('m:numFmts/m:numFmt', NS)}
xfs = [int(x.get('numFmtId', '0')) for x in styles.findall('m:cellXfs/m:xf', NS)]
book = ET.fromstring(z.read('xl/workbook.xml'))
name = book.find('m:sheets/m:sheet', NS).get('name')
sheet = ET.fromstring(z.read('xl/worksheets/sheet1.xml'))
pane = sheet.find('m:sheetViews/m:sheetView/m:pane', NS)
frozen = int(float(pane.get('ySplit', '0'))) if pane is not None and pane.get('state') == 'frozen' else 0
af = sheet.find('m:autoFilter', NS)
widths = {}
for c in sheet.findall('m:cols/m:col', NS):
    for i in range(int(c.get('min')), int(c.get('max')) + 1):
        widths[str(i)] = float(c.get('width'))
rows = []
for r in sheet.findall('m:sheetData/m:row', NS):
    cells = []
    for c in r.findall('m:c', NS):
        t = c.get('t', 'n')
        v = c.find('m:v', NS)
        value = v.text if v is not None else ''
        if t == 's': value = strings[int(value)]
        if t == 'inlineStr': value = ''.join(x.text or '' for x in c.iter('{%s}t' % NS['m']))
        fmt_id = xfs[int(c.get('s', '0'))]
        cells.append({'ref': c.get('r'), 'type': t, 'value': value, 'numFmt': custom.get(fmt_id, BUILTIN.get(fmt_id, str(fmt_id)))})
    rows.append(cells)
print(json.dumps({'name': name, 'frozenRows': frozen, 'autoFilter': af.get('ref') if af is not None else None, 'widths': widths, 'rows': rows}))
`;

/** The first sheet of the workbook at `path`, read by Python's standard library. */
export function readXlsx(path: string): XlsxSheetRead {
  return JSON.parse(execFileSync('python3', ['-c', READER, path]).toString('utf8')) as XlsxSheetRead;
}

/** Excel's serial day (1900 system) as an ISO date-time (UTC wall clock). */
export const serialToIso = (serial: number): string =>
  new Date(Math.round((serial - 25569) * 86400_000)).toISOString().slice(0, 19);
