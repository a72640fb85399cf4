"""The viewer's stylesheet and scripts (written once per site as files, no CDN).

The scripts never put data into ``innerHTML``: every text goes through ``textContent``
or an attribute setter, so model text cannot become markup.
"""

from __future__ import annotations

__all__ = ["CSS", "INDEX_JS", "EXAMPLE_JS"]

CSS = """
body{font-family:system-ui,sans-serif;margin:0;padding:.6em 1.2em;color:#222}
h1{font-size:1.25em;margin:.2em 0}h2{font-size:1.05em;margin:1em 0 .3em}
a{color:#0072B2}
.filters{display:flex;flex-wrap:wrap;gap:.6em;align-items:end;margin:.5em 0;font-size:13px}
.filters label{display:flex;flex-direction:column;gap:2px}
table{border-collapse:collapse;font-size:13px}
td,th{border:1px solid #ddd;padding:2px 6px;text-align:left;vertical-align:top}
th{background:#f0f0f0}
.c{color:#009E73;font-weight:600}.w{color:#D55E00;font-weight:600}.e{color:#CC79A7;font-weight:600}
.badge{display:inline-block;font-size:11px;border-radius:3px;padding:0 4px;margin-right:3px;color:#fff}
.b-d{background:#56B4E9;color:#000}.b-a{background:#0072B2}.b-r{background:#E69F00;color:#000}
#count{font-size:13px;color:#555}
.frames{display:flex;flex-wrap:wrap;gap:12px}
.frame{position:relative;display:inline-block;line-height:0;border:1px solid #ccc;width:min(600px,95vw)}
.frame img{display:block;width:100%;height:auto}
.frame canvas,.frame svg{position:absolute;left:0;top:0;width:100%;height:100%}
.frame svg text{font-weight:bold;font-family:sans-serif;fill:#fff;paint-order:stroke;stroke:#000}
.frame rect{fill:none}
.hidden-overlay canvas,.hidden-overlay svg{display:none}
pre{white-space:pre-wrap;word-break:break-word;background:#f7f7f7;padding:.4em;max-height:24em;overflow:auto;font-size:12px;margin:.2em 0}
details{margin:.3em 0}summary{cursor:pointer}
.note{background:#fff6d6;padding:.4em;border-left:4px solid #E69F00;font-size:13px}
nav{font-size:13px;margin-bottom:.4em}nav a{margin-right:1em}
.q{font-size:15px;max-width:60em}
"""

INDEX_JS = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("viewer-data").textContent);
  var runs = data.runs, items = data.items, PAGE = 300;
  var sel = {
    dataset: document.getElementById("f-dataset"), category: document.getElementById("f-category"),
    run: document.getElementById("f-run"), result: document.getElementById("f-result"),
    flag: document.getElementById("f-flag"), id: document.getElementById("f-id")
  };
  function option(select, value, text) {
    var o = document.createElement("option"); o.value = value; o.textContent = text; select.appendChild(o);
  }
  function uniq(values) { return Array.from(new Set(values)).filter(function (v) { return v; }).sort(); }
  uniq(items.map(function (it) { return it[2]; })).forEach(function (d) { option(sel.dataset, d, d); });
  uniq(items.map(function (it) { return it[3]; })).forEach(function (c) { option(sel.category, c, c); });
  runs.forEach(function (r, i) { option(sel.run, String(i), r.dataset + " · " + r.label); });
  // Filters round-trip through the URL fragment (#result=w&flag=a), so a filtered list is a link.
  try {
    new URLSearchParams(location.hash.slice(1)).forEach(function (value, key) {
      if (sel[key]) sel[key].value = value;
    });
  } catch (err) { /* a malformed fragment leaves the filters at "all" */ }
  function remember() {
    var params = new URLSearchParams();
    Object.keys(sel).forEach(function (k) { if (sel[k].value) params.set(k, sel[k].value); });
    try { history.replaceState(null, "", "#" + params.toString()); } catch (err) { /* file:// in some browsers */ }
  }
  var shown = PAGE, body = document.getElementById("rows");
  var MARK = {c: "\u2713", w: "\u2717", e: "!", ".": "\u2013"};
  function matches(it) {
    if (sel.dataset.value && it[2] !== sel.dataset.value) return false;
    if (sel.category.value && it[3] !== sel.category.value) return false;
    if (sel.id.value && it[1].toLowerCase().indexOf(sel.id.value.toLowerCase()) < 0) return false;
    var outcomes = it[5], want = sel.result.value;
    if (want) {
      var codes = sel.run.value === "" ? outcomes.replace(/\./g, "") : outcomes.charAt(Number(sel.run.value));
      if (want === "c" && (codes === "" || /[we.]/.test(codes))) return false;
      if (want === "w" && codes.indexOf("w") < 0) return false;
      if (want === "e" && codes.indexOf("e") < 0) return false;
    } else if (sel.run.value !== "" && outcomes.charAt(Number(sel.run.value)) === ".") {
      return false;
    }
    if (sel.flag.value && it[6].indexOf(sel.flag.value) < 0) return false;
    return true;
  }
  function cell(tr, text, cls) {
    var td = document.createElement("td"); td.textContent = text; if (cls) td.className = cls;
    tr.appendChild(td); return td;
  }
  var FLAGS = {d: "answers differ", a: "agentic right, direct wrong", r: "direct right, agentic wrong"};
  function render() {
    var hits = items.filter(matches);
    document.getElementById("count").textContent = hits.length + " of " + items.length + " examples";
    body.textContent = "";
    hits.slice(0, shown).forEach(function (it) {
      var tr = document.createElement("tr");
      tr.className = "row";
      var a = document.createElement("a");
      a.href = "examples/" + it[0] + ".html"; a.textContent = it[1];
      var td = document.createElement("td"); td.appendChild(a); tr.appendChild(td);
      cell(tr, it[2]); cell(tr, it[3] || "\u2013"); cell(tr, it[4] || "\u2013");
      var outcomes = it[5];
      if (sel.run.value !== "") {
        var code = outcomes.charAt(Number(sel.run.value));
        cell(tr, MARK[code], code);
      } else {
        var answered = outcomes.replace(/\./g, "");
        var right = answered.split("c").length - 1;
        cell(tr, right + "/" + answered.length + " runs correct", right === answered.length ? "c" : "w");
      }
      var flags = document.createElement("td");
      it[6].split("").forEach(function (f) {
        var b = document.createElement("span"); b.className = "badge b-" + f; b.textContent = FLAGS[f] || f;
        flags.appendChild(b);
      });
      tr.appendChild(flags);
      body.appendChild(tr);
    });
    document.getElementById("more").style.display = hits.length > shown ? "" : "none";
  }
  Object.keys(sel).forEach(function (k) {
    sel[k].addEventListener(k === "id" ? "input" : "change", function () { shown = PAGE; remember(); render(); });
  });
  document.getElementById("more").addEventListener("click", function () { shown += PAGE; render(); });
  render();
})();
"""

EXAMPLE_JS = r"""
(function () {
  "use strict";
  // Mark each frame once its image has decoded (tests and screen readers can tell it showed).
  document.querySelectorAll(".frame img").forEach(function (img) {
    function mark() { if (img.naturalWidth) img.parentNode.setAttribute("data-loaded", String(img.naturalWidth)); }
    if (img.complete) mark(); else img.addEventListener("load", mark);
  });
  var node = document.getElementById("masks");
  if (!node) return;
  var masks = JSON.parse(node.textContent);
  var COLOURS = [[0,114,178],[230,159,0],[0,158,115],[213,94,0],[204,121,167],[86,180,233],[240,228,66]];
  document.querySelectorAll("canvas[data-frame]").forEach(function (canvas) {
    var frame = masks[canvas.getAttribute("data-frame")] || [];
    var ctx = canvas.getContext("2d");
    frame.forEach(function (m, k) {
      var h = m.size[0], w = m.size[1];
      if (canvas.width !== w || canvas.height !== h) { canvas.width = w; canvas.height = h; }
      var img = ctx.getImageData(0, 0, w, h), px = img.data, c = COLOURS[k % COLOURS.length];
      var pos = 0, on = false;
      m.counts.forEach(function (run) {
        if (on) {
          for (var p = pos; p < pos + run; p++) {
            var x = Math.floor(p / h), y = p - x * h, o = 4 * (y * w + x);
            px[o] = c[0]; px[o + 1] = c[1]; px[o + 2] = c[2]; px[o + 3] = 110;
          }
        }
        pos += run; on = !on;
      });
      ctx.putImageData(img, 0, 0);
    });
    canvas.setAttribute("data-masks", String(frame.length));
  });
  var toggle = document.getElementById("overlay-toggle");
  if (toggle) toggle.addEventListener("change", function () {
    document.querySelectorAll(".frame").forEach(function (f) {
      f.classList.toggle("hidden-overlay", !toggle.checked);
    });
  });
})();
"""
