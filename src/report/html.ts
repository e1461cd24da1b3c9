// The report as one self-contained HTML page: inline CSS, inline SVG charts, a few lines of
// inline script (sorting the table), nothing fetched (a Content-Security-Policy forbids it), so it
// opens from an e-mail attachment or a USB stick, and prints on A4 (html-style.ts). The table holds
// the same groups and figures as the CSV of the same report. Purchases and sales are never summed
// together: a folder holding both gets its cards and charts once per flow (flows.ts).
import { SUMS } from './facts.js';
import { aggregate, type Dimension, type Report } from './aggregate.js';
import type { ReportDocument } from './collect.js';
import { bothFlows, flowOf, inFlow, withOtherParty, type Flow } from './flows.js';
import { barChart, columnChart, type Bar } from './html-charts.js';
import { STYLE, SCRIPT } from './html-style.js';
import { reportTable } from './html-table.js';
import { escapeHtml, wordsFor, type Words } from './html-text.js';
import { brasiliaDateTime } from '../fiscal/dates.js';
import { maskTaxId } from '../fiscal/tax-id.js';
import { formatCount, formatMonth, formatMoney, formatPercent, localizeCell, type Locale } from '../output/locale.js';

interface HtmlReportInput {
  report: Report;
  /** The report's rows as records (groupRecord), in order. */
  rows: Record<string, string | number>[];
  /** The total row (totalsRecord). */
  totals: Record<string, string | number>;
  /** The documents the figures come from (for the charts' own groupings). */
  documents: readonly ReportDocument[];
  locale: Locale | undefined;
  /** When the report was made (shown in Brasília time, the time of the documents' readers). */
  generated: Date;
  sources: readonly string[];
  filters: string;
}

const TOP = 10;

export function renderReportHtml(input: HtmlReportInput): string {
  const w = wordsFor(input.locale);
  const { locale, documents } = input;
  const months = aggregate(documents, ['month']).groups.filter((g) => g.keys[0]!.value !== '');
  const period = months.length
    ? `${formatMonth(months[0]!.keys[0]!.value, locale)} – ${formatMonth(months[months.length - 1]!.keys[0]!.value, locale)}`
    : w.none;
  const generated = `${localizeCell(brasiliaDateTime(input.generated).slice(0, 16), locale, 'table')} (${w.timeZone})`;
  const flows: [Flow | undefined, string | undefined][] = bothFlows(documents)
    ? [
        ['in', w.purchases],
        ['out', w.sales],
      ]
    : [[onlyFlow(documents), undefined]];
  const blocks = flows.map(([flow, title]) =>
    flowBlock(title && flow ? inFlow(documents, flow) : documents, flow, title, w, locale),
  );
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
<dt>${escapeHtml(w.generated)}</dt><dd>${escapeHtml(generated)}</dd>
</dl>
</header>
<main>
${blocks.join('\n')}
<section class="table-section"><h2>${escapeHtml(w.table)}</h2><p class="hint">${escapeHtml(w.sortHint)}</p>
${reportTable(input.rows, input.totals, locale, w)}
</section>
<footer><p>${escapeHtml(w.footer)}</p></footer>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** The one flow every copy is in, if there is one. */
function onlyFlow(documents: readonly ReportDocument[]): Flow | undefined {
  const flows = new Set(documents.flatMap((d) => d.copies.map(flowOf)));
  return flows.size === 1 ? [...flows][0] : undefined;
}

const TAXES = ['icms', 'icms_st', 'ipi', 'pis', 'cofins', 'iss'].map((s) => SUMS.indexOf(s as never));
/** The 2026 tax reform's two, a card of their own where the documents carry them. */
const REFORM = ['ibs', 'cbs'].map((s) => SUMS.indexOf(s as never));

/** The cards and charts of one flow (or of every document when the folder holds one flow). */
function flowBlock(
  documents: readonly ReportDocument[],
  flow: Flow | undefined,
  title: string | undefined,
  w: Words,
  locale: Locale | undefined,
): string {
  const money = (cents: number) => formatMoney(cents / 100, locale, true);
  const totals = aggregate(documents, []).totals;
  const taxes = TAXES.reduce((n, i) => n + totals.sums[i]!, 0);
  const reform = REFORM.reduce((n, i) => n + totals.sums[i]!, 0);
  const cargo = totals.sums[SUMS.indexOf('cargo')]!;
  const section = (heading: string, body: string) =>
    body ? `<section><h2>${escapeHtml(heading)}</h2>${body}</section>` : '';
  const monthly = aggregate(documents, ['month'])
    .groups.filter((g) => g.keys[0]!.value !== '')
    .map((g): Bar => ({ label: formatMonth(g.keys[0]!.value, locale), value: g.sums[0]!, text: money(g.sums[0]!) }));
  // The other party: who sold to the owner, or who bought from it; never the owner itself.
  const party: Dimension = flow === 'out' ? 'receiver' : 'emitter';
  const parties = withOtherParty(documents, party);
  const ranked = (docs: readonly ReportDocument[], dim: Dimension, shares: boolean) =>
    topBars(docs, dim, w, locale, shares);
  const partyTitle = flow === 'out' ? w.customers : w.suppliers;
  return `<div class="flow">
${title ? `<h3>${escapeHtml(title)}</h3>` : ''}
<div class="cards">
${card(w.documents, formatCount(totals.documents, locale))}
${card(w.canceled, formatCount(totals.canceled, locale))}
${card(w.totalValue, money(totals.sums[0]!))}
${card(w.taxes, money(taxes))}
${reform !== 0 ? card(w.reform, money(reform)) : ''}
${cargo !== 0 ? card(w.cargo, money(cargo)) : ''}
</div>
${section(w.monthly, columnChart(monthly, w.monthly))}
${section(partyTitle, barChart(ranked(parties, party, false), partyTitle))}
<div class="pair">
${section(w.byCfop, barChart(ranked(documents, 'cfop', true), w.byCfop, true))}
${section(w.byUf, barChart(ranked(documents, 'uf', true), w.byUf, true))}
</div>
</div>`;
}

function card(label: string, value: string): string {
  return `<div class="card"><div class="card-label">${escapeHtml(label)}</div><div class="card-value">${escapeHtml(value)}</div></div>`;
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
    // A sale without a receiver: an NFC-e (or CF-e) to a consumer who gave no CPF, mostly.
    const label = k.name ?? (k.value || (dim === 'receiver' ? w.unidentified : w.unknown));
    return {
      label,
      detail: k.name ? maskTaxId(k.value) : undefined,
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
      note: formatPercent(share, locale),
    });
  }
  return bars;
}
