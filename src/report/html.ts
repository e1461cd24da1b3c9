// The report as one self-contained HTML page: inline CSS, inline SVG charts, a few lines of
// inline script (sorting the table), nothing fetched (a Content-Security-Policy forbids it), so it
// opens from an e-mail attachment or a USB stick. The table holds the same groups and figures as
// the CSV of the same report; each cell also carries its plain value in `data-value`.
import { SUMS } from './facts.js';
import { aggregate, type Dimension, type Report } from './aggregate.js';
import type { ReportDocument } from './collect.js';
import { barChart, columnChart, type Bar } from './html-charts.js';
import { escapeHtml, wordsFor, type Words } from './html-text.js';
import { formatCount, formatMonth, formatMoney, formatPercent, type Locale } from '../output/locale.js';

export interface HtmlReportInput {
  report: Report;
  /** The report's rows as records (groupRecord), in order. */
  rows: Record<string, string | number>[];
  /** The total row (totalsRecord). */
  totals: Record<string, string | number>;
  /** The documents the figures come from (for the charts' own groupings). */
  documents: readonly ReportDocument[];
  locale: Locale | undefined;
  /** ISO date-time of the run. */
  generatedAt: string;
  sources: readonly string[];
  filters: string;
}

const TOP = 10;

export function renderReportHtml(input: HtmlReportInput): string {
  const w = wordsFor(input.locale);
  const { locale } = input;
  const money = (cents: number) => formatMoney(cents / 100, locale, true);
  const totals = input.report.totals;
  const taxes = ['icms', 'icms_st', 'ipi', 'pis', 'cofins', 'iss'].reduce(
    (n, s) => n + totals.sums[SUMS.indexOf(s as never)]!,
    0,
  );
  const months = aggregate(input.documents, ['month']).groups.filter((g) => g.keys[0]!.value !== '');
  const period = months.length
    ? `${formatMonth(months[0]!.keys[0]!.value, locale)} – ${formatMonth(months[months.length - 1]!.keys[0]!.value, locale)}`
    : w.none;
  const section = (title: string, body: string) =>
    body ? `<section><h2>${escapeHtml(title)}</h2>${body}</section>` : '';
  const monthly = months.map((g): Bar => ({
    label: formatMonth(g.keys[0]!.value, locale),
    value: g.sums[0]!,
    text: money(g.sums[0]!),
  }));
  const ranked = (dim: Dimension, shares: boolean) => topBars(input.documents, dim, w, locale, shares);
  return `<!doctype html>
<html lang="${locale === 'pt-BR' ? 'pt-BR' : 'en'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<title>${escapeHtml(w.title)}</title>
<style>${STYLE}</style>
</head>
<body>
<header>
<h1>${escapeHtml(w.title)}</h1>
<dl class="meta">
<dt>${escapeHtml(w.period)}</dt><dd>${escapeHtml(period)}</dd>
<dt>${escapeHtml(w.sources)}</dt><dd>${input.sources.map((s) => `<code>${escapeHtml(s)}</code>`).join(', ')}</dd>
<dt>${escapeHtml(w.filters)}</dt><dd>${escapeHtml(input.filters || w.none)}</dd>
<dt>${escapeHtml(w.generated)}</dt><dd>${escapeHtml(input.generatedAt)}</dd>
</dl>
</header>
<main>
<div class="cards">
${card(w.documents, formatCount(totals.documents, locale), 'documents')}
${card(w.canceled, formatCount(totals.canceled, locale), 'canceled')}
${card(w.totalValue, money(totals.sums[0]!), 'total')}
${card(w.taxes, money(taxes), 'taxes')}
</div>
${section(w.monthly, columnChart(monthly, w.monthly))}
${section(w.suppliers, barChart(ranked('emitter', false), w.suppliers))}
<div class="pair">
${section(w.byCfop, barChart(ranked('cfop', true), w.byCfop, true))}
${section(w.byUf, barChart(ranked('uf', true), w.byUf, true))}
</div>
<section><h2>${escapeHtml(w.table)}</h2><p class="hint">${escapeHtml(w.sortHint)}</p>
${table(input, w)}
</section>
<footer><p>${escapeHtml(w.footer)}</p></footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

function card(label: string, value: string, id: string): string {
  return `<div class="card" id="card-${id}"><div class="card-label">${escapeHtml(label)}</div><div class="card-value">${escapeHtml(value)}</div></div>`;
}

/** The largest groups of one dimension; for shares, the rest as one bar ("Others"). */
function topBars(
  documents: readonly ReportDocument[],
  dim: Dimension,
  w: Words,
  locale: Locale | undefined,
  shares: boolean,
): Bar[] {
  const groups = aggregate(documents, [dim]).groups.filter((g) => g.sums[0]! > 0);
  const top = groups.slice(0, TOP);
  const rest = groups.slice(TOP);
  const bars = top.map((g): Bar => {
    const k = g.keys[0]!;
    const label = k.name ?? (k.value || w.unknown);
    return {
      label,
      detail: k.name ? k.value : undefined,
      value: g.sums[0]!,
      text: formatMoney(g.sums[0]! / 100, locale, true),
      note: shares ? formatPercent(g.share, locale) : undefined,
    };
  });
  if (shares && rest.length > 0) {
    const cents = rest.reduce((n, g) => n + g.sums[0]!, 0);
    const share = rest.reduce((n, g) => n + g.share, 0);
    bars.push({
      label: `${w.others} (${rest.length})`,
      value: cents,
      text: formatMoney(cents / 100, locale, true),
      note: shares ? formatPercent(share, locale) : undefined,
    });
  }
  return bars;
}

const MONEY = new Set<string>(SUMS);
const COUNTS = new Set(['documents', 'canceled']);

function table(input: HtmlReportInput, w: Words): string {
  const columns = input.rows[0]
    ? Object.keys(input.rows[0])
    : Object.keys(input.totals).filter((k) => !k.startsWith('\u0000'));
  const head = columns
    .map(
      (c) =>
        `<th data-col="${escapeHtml(c)}" class="${MONEY.has(c) || COUNTS.has(c) || c === 'share' ? 'num' : ''}">${escapeHtml(w.headers[c] ?? c)}</th>`,
    )
    .join('');
  const cell = (col: string, value: string | number | undefined, total = false) => {
    const v = value ?? '';
    const raw = typeof v === 'number' && MONEY.has(col) ? v.toFixed(2) : String(v);
    const numeric = MONEY.has(col) || COUNTS.has(col) || col === 'share';
    let text: string;
    if (MONEY.has(col)) text = formatMoney(Number(v), input.locale, true);
    else if (COUNTS.has(col)) text = formatCount(Number(v), input.locale);
    else if (col === 'share') text = total ? '' : formatPercent(Number(v), input.locale);
    else if (col === 'month' && !total) text = v === '' ? w.unknown : formatMonth(String(v), input.locale);
    else text = total || v !== '' ? String(v) : w.unknown;
    return `<td data-value="${escapeHtml(raw)}"${numeric ? ' class="num"' : ''}>${escapeHtml(text)}</td>`;
  };
  const body = input.rows.map((r) => `<tr>${columns.map((c) => cell(c, r[c])).join('')}</tr>`).join('\n');
  const foot = `<tr>${columns.map((c, i) => cell(c, i === 0 ? w.totalRow : input.totals[c], true)).join('')}</tr>`;
  return `<div class="scroll"><table id="report-table"><thead><tr>${head}</tr></thead>\n<tbody>\n${body}\n</tbody>\n<tfoot>${foot}</tfoot></table></div>`;
}

const STYLE = `
:root{--ink:#1d2a33;--muted:#5b6b75;--line:#d9e1e6;--bg:#f6f8f9;--accent:#1f6f8b}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#fff;border-bottom:1px solid var(--line);padding:20px 32px}
h1{margin:0 0 8px;font-size:24px}
h2{font-size:17px;margin:0 0 12px}
main{padding:20px 32px;max-width:1200px}
.meta{display:grid;grid-template-columns:max-content 1fr;gap:2px 16px;margin:0;color:var(--muted)}
.meta dt{font-weight:600}.meta dd{margin:0}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(200px,1fr));gap:12px;margin-bottom:20px}
.card{background:#fff;border:1px solid var(--line);border-radius:8px;padding:14px 16px}
.card-label{color:var(--muted);font-size:13px}.card-value{font-size:22px;font-weight:650;font-variant-numeric:tabular-nums}
section{background:#fff;border:1px solid var(--line);border-radius:8px;padding:16px;margin-bottom:20px}
.pair{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:0 20px}
.chart{width:100%;height:auto;display:block}
.chart .axis{font-size:11px;fill:var(--muted)}.chart .label{font-size:12px;fill:var(--ink)}
.chart .value{font-size:12px;fill:var(--ink);font-variant-numeric:tabular-nums}.chart .note{fill:var(--muted)}
.chart .baseline{stroke:var(--line)}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:13px}
th,td{padding:6px 8px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap}
th{cursor:pointer;background:#eef3f5;position:sticky;top:0}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:650;border-top:2px solid var(--ink)}
.hint{color:var(--muted);font-size:12px;margin:-6px 0 8px}
footer{color:var(--muted);font-size:13px}
@media print{body{background:#fff}section,.card{break-inside:avoid}th{position:static}}
`;

/** Sorting by a column on a click: numbers by value, text alphabetically; a second click reverses. */
const SCRIPT = `
(function(){
  var table=document.getElementById('report-table');
  if(!table)return;
  var body=table.tBodies[0];
  Array.prototype.forEach.call(table.tHead.rows[0].cells,function(th,i){
    th.addEventListener('click',function(){
      var desc=th.getAttribute('data-sort')!=='desc';
      Array.prototype.forEach.call(table.tHead.rows[0].cells,function(o){o.removeAttribute('data-sort');});
      th.setAttribute('data-sort',desc?'desc':'asc');
      var rows=Array.prototype.slice.call(body.rows);
      var numeric=th.className.indexOf('num')>=0;
      rows.sort(function(a,b){
        var x=a.cells[i].getAttribute('data-value'),y=b.cells[i].getAttribute('data-value');
        var c=numeric?Number(x)-Number(y):x.localeCompare(y);
        return desc?-c:c;
      });
      rows.forEach(function(r){body.appendChild(r);});
    });
  });
})();
`;
