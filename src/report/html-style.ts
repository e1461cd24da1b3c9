// The CSS and the one script of the HTML report, inline in the page (nothing fetched).
//
// On paper (@media print): A4; the charts on portrait pages, the table on landscape ones (named
// page `wide`) where every money column fits; the table's header repeated on each page, its total
// row once at the end (Chromium would repeat a <tfoot> on every page), and nothing a reader cannot
// use on paper (the hint to click a title).
export const STYLE = `
:root{--ink:#1d2a33;--muted:#5b6b75;--line:#d9e1e6;--bg:#f6f8f9;--accent:#1f6f8b}
*{box-sizing:border-box}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;color:var(--ink);background:var(--bg)}
header{background:#fff;border-bottom:1px solid var(--line);padding:20px 32px}
h1{margin:0 0 8px;font-size:24px}
h2{font-size:17px;margin:0 0 12px}
h3{font-size:19px;margin:8px 0 12px}
main{padding:20px 24px}
.flow{max-width:1200px}
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
.table-section{padding:12px}
.scroll{overflow-x:auto}
table{border-collapse:collapse;width:100%;font-size:11px}
th,td{padding:4px 3px;border-bottom:1px solid var(--line);text-align:left;white-space:nowrap;vertical-align:top}
th{cursor:pointer;background:#eef3f5;position:sticky;top:0;white-space:normal;vertical-align:bottom}
td.name{white-space:normal;min-width:10em}
td.num,th.num{text-align:right;font-variant-numeric:tabular-nums}
tfoot td{font-weight:650;border-top:2px solid var(--ink)}
.hint{color:var(--muted);font-size:12px;margin:-6px 0 8px}
footer{color:var(--muted);font-size:13px}
@page{size:A4 portrait;margin:12mm}
@page wide{size:A4 landscape;margin:10mm}
@media print{
body{background:#fff;font-size:11px}
header{padding:0 0 8px}main{padding:8px 0}.flow{max-width:none}
section,.card{break-inside:avoid}
.table-section{page:wide;break-inside:auto;border:0;padding:0}
.scroll{overflow:visible}
table{font-size:8.5pt}
th,td{padding:2px 3px}
td.name{min-width:18em}
th{position:static;cursor:auto}
thead{display:table-header-group}
tfoot{display:table-row-group}
tr{break-inside:avoid}
.hint{display:none}
}
`;

/** Sorting by a column on a click: numbers by value, text alphabetically; a second click reverses. */
export const SCRIPT = `
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
