"""The HTML report's inline style sheet and script (no network: no fonts, no CDNs)."""

from checker.report.html_chart import SEVERITY_COLOURS

_MONO = 'ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace'
_SANS = 'system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif'

_ROOT = (":root{" + "".join(f"--{name}:{colour};" for name, colour in SEVERITY_COLOURS.items())
         + f"--mono:{_MONO};--sans:{_SANS}}}")

STYLE = _ROOT + """
:root{--ink:#1d2939;--muted:#667085;--faint:#98a2b3;--line:#e4e7ec;--bg:#f2f4f7;
--accent:#0b4a82}
*{box-sizing:border-box}
body{margin:0;font:14px/1.5 var(--sans);color:var(--ink);background:var(--bg)}
code{font-family:var(--mono);font-size:12.5px}
a{color:var(--accent)}
header.top{background:linear-gradient(100deg,#0b2540,#134b7d);color:#fff;padding:22px 0 0}
header.top .inner,main{max-width:1240px;margin:0 auto;padding-left:32px;padding-right:32px}
header.top .kicker{font-size:12px;letter-spacing:.12em;text-transform:uppercase;color:#9fb8d3}
header.top h1{margin:2px 0 4px;font-size:24px;font-weight:600}
header.top .meta{color:#c7d4e2;font-size:13px}
header.top .meta code{color:#e6eef7;font-size:12px}
header.top nav{display:flex;gap:4px;margin-top:16px}
header.top nav a{color:#dbe6f2;text-decoration:none;padding:8px 14px;border-radius:6px 6px 0 0;
font-size:13px;font-weight:500}
header.top nav a:hover{background:rgba(255,255,255,.12);color:#fff}
main{padding-top:24px;padding-bottom:40px}
section.panel{background:#fff;border:1px solid var(--line);border-radius:10px;padding:20px 24px;
margin-bottom:20px;box-shadow:0 1px 2px rgba(16,24,40,.06)}
section.panel>h2{font-size:17px;margin:0 0 4px;font-weight:600}
section.panel>p.lead{margin:0 0 16px;color:var(--muted);font-size:13px}
.cards{display:grid;grid-template-columns:repeat(auto-fill,minmax(152px,1fr));gap:12px;
margin-bottom:18px}
.card{border:1px solid var(--line);border-top:3px solid #d0d5dd;border-radius:8px;
padding:10px 14px;background:#fcfcfd}
.card .value{display:block;font-size:26px;font-weight:600;font-variant-numeric:tabular-nums;
line-height:1.25}
.card .label{display:block;color:var(--muted);font-size:11.5px;text-transform:uppercase;
letter-spacing:.05em;font-weight:600}
.card .note{display:block;color:var(--faint);font-size:12px}
.card.error{border-top-color:var(--error)}.card.error .value{color:var(--error)}
.card.warning{border-top-color:var(--warning)}.card.warning .value{color:var(--warning)}
.card.info{border-top-color:var(--info)}.card.info .value{color:var(--info)}
.card.zero .value{color:var(--faint)}
.badge{display:inline-block;padding:0 8px;border-radius:999px;font-size:11.5px;font-weight:600;
line-height:20px;white-space:nowrap}
.badge.error{background:#fef3f2;color:var(--error);box-shadow:inset 0 0 0 1px #fecdca}
.badge.warning{background:#fffaeb;color:var(--warning);box-shadow:inset 0 0 0 1px #fedf89}
.badge.info{background:#eff8ff;color:var(--info);box-shadow:inset 0 0 0 1px #b2ddff}
.badges{display:inline-flex;gap:6px;margin-left:auto}
table{border-collapse:collapse;width:100%}
th{text-align:left;font-size:11.5px;text-transform:uppercase;letter-spacing:.04em;
color:var(--muted);font-weight:600;border-bottom:1px solid var(--line);padding:7px 10px;
background:#f9fafb}
td{border-bottom:1px solid #f2f4f7;padding:8px 10px;vertical-align:top}
.num{text-align:right;font-variant-numeric:tabular-nums}
tr.total td{font-weight:600;border-top:1px solid var(--line)}
h3.sub{font-size:14px;margin:18px 0 8px}
.chart-wrap{overflow-x:auto}
svg.chart{max-width:100%;height:auto;display:block}
svg.chart text{font:12px var(--sans);fill:#344054}
svg.chart text.label{text-anchor:end;font-weight:600}
svg.chart text.tick{text-anchor:middle;fill:var(--faint);font-size:11px}
svg.chart text.count{fill:var(--muted);font-variant-numeric:tabular-nums}
svg.chart line.grid{stroke:#eaecf0}
svg.chart g.bar:hover rect{opacity:.82}
.toolbar{display:flex;gap:18px;align-items:center;flex-wrap:wrap;margin:0 0 6px;
padding:10px 12px;background:#f9fafb;border:1px solid var(--line);border-radius:8px}
.toolbar input[type=search]{flex:1;min-width:260px;padding:7px 10px;border:1px solid #d0d5dd;
border-radius:6px;font:inherit}
.toolbar label{font-size:13px;display:inline-flex;gap:5px;align-items:center}
.toolbar .shown{color:var(--muted);font-size:13px;margin-left:auto}
.clause{border-top:1px solid var(--line);padding-top:18px;margin-top:18px}
.clause h3{display:flex;gap:10px;align-items:center;margin:0 0 8px;font-size:16px}
.clause-id{color:var(--accent)}
.clause-text{margin:0 0 14px;padding:8px 14px;border-left:3px solid #b2ccff;background:#f5f8ff;
color:#344054;font-size:13px;border-radius:0 6px 6px 0}
.missing{color:var(--faint);font-style:italic}
.rule{margin:14px 0 20px}
.rule h4{margin:0 0 6px;font-size:14px;display:flex;gap:10px;align-items:center;
flex-wrap:wrap}
.rule-id{color:var(--accent);background:#eef4fb;padding:2px 7px;border-radius:4px}
.rule-title{font-weight:500}
table.findings{table-layout:fixed;border:1px solid var(--line);border-radius:8px}
table.findings .col-sev{width:92px}
table.findings .col-where{width:28%}
table.findings .col-explain{width:22%}
td.message{overflow-wrap:anywhere}
.evidence{display:grid;grid-template-columns:max-content 1fr;gap:0 12px;margin:6px 0 0;
font:11.5px/1.6 var(--mono);color:#475467}
.evidence dt{color:var(--faint)}
.evidence dd{margin:0;overflow-wrap:anywhere}
.where .file{overflow-wrap:anywhere}
.details{color:#475467;font-size:12px;margin-top:3px}
.details .k{color:var(--faint)}
code.cmd{display:block;font-size:11px;background:#f2f4f7;color:#344054;padding:5px 7px;
border-radius:5px;word-break:break-all}
a.explain{display:inline-block;padding:3px 10px;border-radius:6px;background:#eef4fb;
text-decoration:none;font-weight:500;font-size:13px;box-shadow:inset 0 0 0 1px #c8dcf0}
a.explain:hover{background:#dbe9f7}
.none{color:var(--faint)}
.evidence-lead{display:block;color:var(--muted);font-size:12px}
ul.evidence-hands{margin:2px 0 0;padding-left:16px;font-size:12.5px}
ul.evidence-hands li{margin:2px 0}
ul.evidence-hands a.explain{padding:1px 7px;font-size:12px}
ul.evidence-hands .signal{color:var(--muted);font:11px var(--mono)}
.more{color:var(--muted);font-size:13px;margin:6px 0 0;padding:6px 10px;background:#fffaeb;
border-radius:6px}
.empty{color:var(--muted)}
td.file code{word-break:break-all}
footer{color:var(--faint);font-size:12px;text-align:center;padding:0 0 28px}
@media print{body{background:#fff}.toolbar,header.top nav{display:none}
section.panel{box-shadow:none;border:0}header.top{background:#0b2540}}
"""

# Filter the findings by text and severity; a rule or clause with none left is hidden.
SCRIPT = """
(function () {
  var box = document.getElementById('filter');
  var boxes = Array.prototype.slice.call(document.querySelectorAll('input[name=severity]'));
  var shown = document.getElementById('shown');
  if (!box) { return; }
  function hideEmpty(selector) {
    document.querySelectorAll(selector).forEach(function (group) {
      group.hidden = !group.querySelector('tr.finding:not([hidden])');
    });
  }
  function apply() {
    var words = box.value.toLowerCase().split(/\\s+/).filter(Boolean);
    var wanted = {};
    boxes.forEach(function (b) { wanted[b.value] = b.checked; });
    var count = 0;
    document.querySelectorAll('tr.finding').forEach(function (row) {
      var text = row.getAttribute('data-search');
      var keep = wanted[row.getAttribute('data-severity')] &&
        words.every(function (w) { return text.indexOf(w) >= 0; });
      row.hidden = !keep;
      if (keep) { count += 1; }
    });
    hideEmpty('div.rule');
    hideEmpty('section.clause');
    shown.textContent = count + ' of ' + shown.getAttribute('data-rows') + ' rows shown';
  }
  box.addEventListener('input', apply);
  boxes.forEach(function (b) { b.addEventListener('change', apply); });
  apply();
})();
"""
