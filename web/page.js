// The report page: draws a run report (harness report, harness serve) from its JSON with
// uPlot. Every plot that draws marks its container `.plot.drawn`; the page counts them in
// window.WORKBENCH_PLOTS so that a browser test can check each one drew.
"use strict";

// Errors of the page's scripts are counted on <body data-errors>, so a headless browser's DOM
// dump shows them to a test, as <body data-plots> shows how many plots drew.
window.WORKBENCH_ERRORS = 0;
window.addEventListener("error", () => document.body.setAttribute("data-errors", ++window.WORKBENCH_ERRORS));
const consoleError = console.error;
console.error = (...args) => {
  document.body.setAttribute("data-errors", ++window.WORKBENCH_ERRORS);
  consoleError(...args);
};

const COLOURS = ["#1f77b4", "#d62728", "#2ca02c", "#ff7f0e", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#17becf"];
window.WORKBENCH_PLOTS = 0;

function el(tag, attrs, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v);
  }
  for (const c of children) if (c !== null && c !== undefined) e.append(c instanceof Node ? c : String(c));
  return e;
}

function fixed(v, digits) { return v === null || v === undefined || !isFinite(v) ? "n/a" : Number(v).toFixed(digits); }

function table(headers, rows, rowClass) {
  const t = el("table", {}, el("tr", {}, ...headers.map((h) => el("th", {}, h))));
  rows.forEach((r, i) => {
    const tr = el("tr", rowClass ? { class: rowClass(i) } : {});
    for (const c of r) tr.append(typeof c === "number" ? el("td", { class: "num" }, c) : el("td", {}, c));
    t.append(tr);
  });
  return t;
}

// One uPlot chart in its own container. `series` are [{label, values, ...options}].
function plot(parent, title, xs, series, options) {
  const box = el("div", { class: "plot" });
  parent.append(box);
  const opts = Object.assign(
    {
      title,
      width: 560,
      height: 260,
      series: [{ label: (options && options.xLabel) || "x" }].concat(
        series.map((s, i) => Object.assign({ label: s.label, stroke: COLOURS[i % COLOURS.length], width: 1.5, spanGaps: true }, s.options || {}))
      ),
      axes: [
        Object.assign({ label: (options && options.xLabel) || "" }, options && options.xCounts ? COUNTS : {}),
        Object.assign({ label: (options && options.yLabel) || "" }, options && options.yCounts ? COUNTS : {}),
      ],
      scales: { x: { time: false } },
    },
    (options && options.uplot) || {}
  );
  try {
    new uPlot(opts, [xs].concat(series.map((s) => s.values)), box);
    box.classList.add("drawn");
    document.body.setAttribute("data-plots", ++window.WORKBENCH_PLOTS);
  } catch (err) {
    box.append(el("p", {}, "plot failed: " + err));
    console.error(err);
  }
  return box;
}

function bars() { return uPlot.paths.bars({ size: [0.7, 40] }); }
// An axis of counts (games, moves, pairs): whole-number ticks only.
const COUNTS = { incrs: [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100000, 200000, 500000] };
// Bar charts count from zero.
const FROM_ZERO = { x: { time: false }, y: { range: (u, min, max) => [0, Math.max(1, max)] } };

function renderMatch(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const names = section.engines.map((e) => e.name);
  s.append(el("h2", {}, `Run ${section.id}: ${names.join(" vs ")} (${section.kind}, ${section.status})`));
  const c = section.config;
  s.append(
    table(
      ["time control", "book", "plies", "order", "variant", "ponder", "tablebases", "concurrency", "games planned", "started",
       "finished"],
      [[c.tc, c.book, c.plies, c.order, c.variant, c.ponder, c.tablebases, c.concurrency, c.games, section.created,
        section.finished || "-"]]
    )
  );
  if (section.tested) {
    s.append(el("h3", {}, "Commits tested"));
    s.append(table(["side", "engine", "commit", "subject", "ref", "repository", "bench", "Bench: line", "nps", "build"],
      section.tested.map((t) => [t.role, t.name, t.commit.substring(0, 12), t.subject, t.ref, t.repo, t.bench,
        t.message_bench === undefined ? "-" : t.message_bench, t.nps, t.build])));
  }
  s.append(el("h3", {}, "Engines"));
  s.append(table(["name", "command", "arguments", "protocol", "options", "own limits", "checksum"],
    section.engines.map((e) => [e.name, e.command, e.args, e.protocol, optionsText(e.options), e.limits || "the run's", e.checksum])));
  s.append(el("h3", {}, "Results"));
  s.append(el("pre", { class: "summary" }, section.summary_text || section.summary));
  if (section.sprt) {
    const p = section.sprt;
    s.append(el("p", { class: "decision" },
      `SPRT [${p.elo0}, ${p.elo1}], alpha ${p.alpha}, beta ${p.beta}: bounds ${fixed(p.lower, 2)} and ${fixed(p.upper, 2)}; ${p.decision}`));
  }
  if (section.crosstable) renderCrosstable(section.crosstable, s);

  const plots = el("div", { class: "plots" });
  s.append(el("h3", {}, "Plots"), plots);
  const sr = section.series;
  if (sr.elo.every((v) => v === null))
    plots.append(el("p", { class: "no-plot" },
      `No Elo estimate yet after ${section.games.length} games: it needs both won and lost points and some spread between games or pairs.`));
  else
    plot(plots, "Elo estimate with its 95 % interval, over games", sr.games,
      [{ label: "Elo", values: sr.elo }, { label: "upper", values: sr.hi, options: { stroke: "#9ab" } }, { label: "lower", values: sr.lo, options: { stroke: "#9ab" } }],
      { xLabel: "games", yLabel: "Elo", xCounts: true, uplot: { bands: [{ series: [2, 3], fill: "rgba(31,119,180,0.15)" }] } });
  if (sr.llr) {
    const n = sr.games.length;
    plot(plots, "SPRT log-likelihood ratio with its bounds", sr.games,
      [{ label: "LLR", values: sr.llr }, { label: "upper bound", values: Array(n).fill(section.sprt.upper), options: { stroke: "#2ca02c", dash: [6, 4] } },
        { label: "lower bound", values: Array(n).fill(section.sprt.lower), options: { stroke: "#d62728", dash: [6, 4] } }],
      { xLabel: "games", yLabel: "LLR", xCounts: true });
  }
  const pr = section.pairs;
  plot(plots, `Results by opening pair: ${pr.engine}'s points of 2`, pr.pair, [{ label: "points", values: pr.points, options: { paths: bars(), fill: "rgba(31,119,180,0.5)" } }],
    { xLabel: "opening pair", yLabel: "points", xCounts: true, uplot: { scales: { x: { time: false }, y: { range: [0, 2] } } } });
  const kinds = section.endings.kinds;
  const xs = kinds.map((_, i) => i);
  const ends = Object.entries(section.endings.counts).map(([label, values], i) => ({
    label, values, options: { paths: bars(), fill: COLOURS[i % COLOURS.length] + "99" },
  }));
  plot(plots, "How games ended: losses per engine, and draws", xs, ends,
    { xLabel: "", yLabel: "games", uplot: { scales: Object.assign({}, FROM_ZERO, { x: { time: false, range: [-0.5, kinds.length - 0.5] } }), axes: [
      // One tick per kind of ending, each under its own bar.
      { splits: () => xs, values: (u, v) => v.map((i) => kinds[i] || ""), rotate: -30, size: 90 },
      Object.assign({ label: "games" }, COUNTS)] } });
  const pm = section.per_move;
  const engines = Object.keys(pm);
  const longest = Math.max(0, ...engines.map((e) => pm[e].time_ms.length));
  const moves = Array.from({ length: longest }, (_, i) => i + 1);
  const perEngine = (key, scale) => engines.map((e) => ({ label: e, values: pm[e][key].map((v) => (v === null ? null : v * scale)).concat(Array(longest - pm[e][key].length).fill(null)) }));
  plot(plots, "Time used per move (ms, mean)", moves, perEngine("time_ms", 1), { xLabel: "move", yLabel: "ms", xCounts: true });
  if (engines.some((e) => pm[e].clock_ms.length)) plot(plots, "Clock left after the move (s, mean)", moves, perEngine("clock_ms", 0.001), { xLabel: "move", yLabel: "s", xCounts: true });
  plot(plots, "Search depth reported (mean)", moves, perEngine("depth", 1), { xLabel: "move", yLabel: "depth", xCounts: true });
  plot(plots, "Search speed reported (knps, mean)", moves, perEngine("nps", 0.001), { xLabel: "move", yLabel: "knps", xCounts: true });
  plot(plots, "Game length", section.lengths.moves, [{ label: "games", values: section.lengths.games, options: { paths: bars(), fill: "rgba(44,160,44,0.5)" } }],
    { xLabel: "moves", yLabel: "games", xCounts: true, yCounts: true, uplot: { scales: FROM_ZERO } });

  s.append(el("h3", {}, `Games (${section.games.length})`));
  const rows = section.games.map((g) => {
    const a = el("a", { class: "replay", onclick: () => openGame(section.id, g) }, "replay");
    return [g.i, g.pair, g.w, g.b, g.r, g.end, g.why, Math.ceil(g.plies / 2), a];
  });
  const t = table(["game", "pair", "White", "Black", "result", "ending", "reason", "moves", ""], rows);
  t.classList.add("games");
  s.append(t);
}

function renderCrosstable(x, root) {
  root.append(el("h3", {}, "Crosstable (points of the row engine against the column engine)"));
  const rows = x.engines.map((name, i) => {
    const cells = x.engines.map((_, j) => (i === j ? "—" : x.games[i][j] ? `${x.points[i][j]} / ${x.games[i][j]}` : ""));
    const elo = x.rating ? fixed(x.rating.elo[i], 1) + (x.rating.error[i] ? " ± " + fixed(x.rating.error[i], 1) : " (anchor)") : "";
    return [name].concat(cells, [elo]);
  });
  root.append(table(["engine"].concat(x.engines, ["Elo (maximum likelihood)"]), rows));
}

function renderRating(r, root) {
  const s = el("section", { class: "run", id: "rating" });
  root.append(s);
  s.append(el("h2", {}, `One rating list over these runs (maximum likelihood, anchor ${r.anchor})`));
  const order = r.engines.map((_, i) => i).sort((a, b) => r.elo[b] - r.elo[a]);
  s.append(table(["rank", "engine", "Elo", "±", "games", "score"],
    order.map((i, k) => [k + 1, r.engines[i], fixed(r.elo[i], 1), r.error[i] ? fixed(r.error[i], 1) : "anchor", r.games[i], fixed((100 * r.points[i]) / r.games[i], 1) + " %"])));
}

function renderPerft(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const failed = section.rows.filter((r) => !r.passed).length;
  s.append(el("h2", {}, `Run ${section.id}: perft, ${section.rows.length} checks, ${failed} failed`));
  s.append(el("pre", { class: "summary" }, section.summary));
  s.append(table(["line", "id", "depth", "expected", "got", "seconds", "result", "located bug"],
    section.rows.map((r) => [r.line, r.id, r.depth, r.expected, r.got, fixed(r.seconds, 3), r.passed ? "pass" : r.error || "FAIL", r.bug]),
    (i) => (section.rows[i].passed ? "" : "fail")));
}

function epdTable(section) {
  return table(["line", "id", "move", "solved", "points", "found at (ms)", "depth"],
    section.rows.map((r) => [r.line, r.id, r.move, r.solved ? "yes" : "no", `${r.points}/${r.max}`, r.found_ms < 0 ? "-" : r.found_ms, r.depth]),
    (i) => (section.rows[i].solved ? "" : "fail"));
}

function renderEpd(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const solved = section.rows.filter((r) => r.solved).length;
  s.append(el("h2", {}, `Run ${section.id}: EPD suite, ${solved} of ${section.rows.length} solved`));
  s.append(el("pre", { class: "summary" }, section.summary));
  s.append(epdTable(section));
}

function renderEpdComparison(a, b, root) {
  const s = el("section", { class: "run", id: "epd-comparison" });
  root.append(s);
  s.append(el("h2", {}, `EPD runs ${a.id} and ${b.id} side by side`));
  const byLine = new Map(b.rows.map((r) => [r.line, r]));
  const rows = a.rows.map((r) => {
    const o = byLine.get(r.line) || {};
    return [r.line, r.id, r.move, r.solved ? "yes" : "no", o.move || "-", o.solved ? "yes" : "no"];
  });
  s.append(table(["line", "id", `run ${a.id} move`, "solved", `run ${b.id} move`, "solved"], rows,
    (i) => (rows[i][3] !== rows[i][5] ? "fail" : "")));
}

function renderTuner(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const sr = section.series;
  s.append(el("h2", {}, `Tuner run ${section.id}: ${section.method}, ${sr.generation.length} generations stored (${section.status})`));
  s.append(el("pre", { class: "summary" }, section.summary));
  const plots = el("div", { class: "plots" });
  s.append(el("h3", {}, "Plots"), plots);
  const unit = section.method === "spsa" ? "iteration" : "generation";
  plot(plots, `Fitness per ${unit} (${section.fitness})`, sr.generation,
    [{ label: "best", values: sr.best }, { label: section.method === "spsa" ? "mean of theta+/-" : "mean", values: sr.mean }]
      .concat(sr.heldout ? [{ label: "held-out error of the result", values: sr.heldout, options: { stroke: "#2ca02c" } }] : []),
    { xLabel: unit, yLabel: section.fitness });
  if (section.method === "pbil") plot(plots, "Entropy of the probability vector", sr.generation, [{ label: "entropy", values: sr.entropy }], { xLabel: unit, yLabel: "bits" });
  // The paths of the parameters that moved most, each as a fraction of its range.
  const moved = section.params.filter((p) => p.final !== null && p.start !== null)
    .sort((a, b) => Math.abs(b.final - b.start) / (b.max - b.min || 1) - Math.abs(a.final - a.start) / (a.max - a.min || 1)).slice(0, 8);
  if (moved.length)
    plot(plots, "Paths inside their ranges (0 = min, 1 = max): the parameters that moved most", sr.generation,
      moved.map((p) => ({ label: p.name, values: p.path.map((v) => (v === null ? null : (v - p.min) / (p.max - p.min || 1))) })),
      { xLabel: unit, yLabel: "position in range", uplot: { scales: { x: { time: false }, y: { range: [0, 1] } } } });
  if (section.validations.length) {
    const v = section.validations;
    plot(plots, "Validation matches: tuned against start (Elo, 95 % interval)", v.map((x) => x.generation),
      [{ label: "Elo", values: v.map((x) => x.elo) }, { label: "upper", values: v.map((x) => (x.elo === null || x.error === null ? null : x.elo + x.error)), options: { stroke: "#9ab" } },
        { label: "lower", values: v.map((x) => (x.elo === null || x.error === null ? null : x.elo - x.error)), options: { stroke: "#9ab" } }],
      { xLabel: unit, yLabel: "Elo", uplot: { bands: [{ series: [2, 3], fill: "rgba(31,119,180,0.15)" }] } });
    s.append(el("h3", {}, "Validation matches"));
    s.append(table([`after ${unit}`, "Elo", "±", "harness run"], v.map((x) => [x.generation, fixed(x.elo, 1), fixed(x.error, 1), x.run])));
  }
  s.append(el("h3", {}, `Final values against the start (${section.params.length} parameters)`));
  const t = table(["parameter", "min", "max", "start", "final", "change"],
    section.params.map((p) => [p.name, p.min, p.max, p.start === null ? "-" : p.start, p.final === null ? "-" : p.final,
      p.start === null || p.final === null ? "-" : (p.final - p.start > 0 ? "+" : "") + (p.final - p.start)]));
  t.classList.add("games");
  s.append(t);
}

// A network training run: its losses, learning rate and speed per superbatch.
function renderNetwork(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const sr = section.series;
  s.append(el("h2", {}, `Tuner run ${section.id}: network training, ${sr.superbatch.length} superbatches stored (${section.status})`));
  s.append(el("pre", { class: "summary" }, section.summary));
  const plots = el("div", { class: "plots" });
  s.append(el("h3", {}, "Plots"), plots);
  plot(plots, "Loss per superbatch", sr.superbatch,
    [{ label: "training", values: sr.train_loss }, { label: "validation", values: sr.validation_loss }],
    { xLabel: "superbatch", yLabel: "loss" });
  plot(plots, "Learning rate (log scale)", sr.superbatch, [{ label: "learning rate", values: sr.lr }],
    { xLabel: "superbatch", yLabel: "rate", uplot: { scales: { x: { time: false }, y: { distr: 3 } },
      axes: [{ label: "superbatch" }, { label: "rate", size: 70, values: (u, ticks) => ticks.map((v) => (v == null ? "" : Number(v).toExponential(0))) }] } });
  plot(plots, "Training speed", sr.superbatch, [{ label: "positions/s", values: sr.positions_per_second }],
    { xLabel: "superbatch", yLabel: "positions/s" });
}

// A network loop: a row per generation, and its networks' strength against the first network.
function renderLoop(section, root) {
  const s = el("section", { class: "run", id: "run-" + section.id });
  root.append(s);
  const g = section.generations;
  s.append(el("h2", {}, `Loop run ${section.id}: ${g.length} generations stored, best network generation ${section.best} (${section.status})`));
  s.append(table(["generation", "parent", "self-play games", "positions", "trained on", "data runs", "training s", "gate Elo", "±", "LLR", "gate games", "promoted", "Elo vs first (chained)", "Elo vs first (measured)", "±"],
    g.map((r) => [r.generation, r.parent, r.selfplay_games ?? "-", r.positions ?? "-", r.training_positions ?? "-", (r.data_runs ?? []).join(", ") || "-", fixed(r.training_seconds, 1),
      fixed(r.gate_elo, 1), fixed(r.gate_elo_error, 1), fixed(r.gate_llr, 2), r.gate_games ?? "-", r.promoted === null ? "-" : r.promoted ? "yes" : "no",
      fixed(r.chained_elo, 1), fixed(r.measured_elo, 1), fixed(r.measured_elo_error, 1)])));
  const plots = el("div", { class: "plots" });
  s.append(el("h3", {}, "Plots"), plots);
  const xs = [0].concat(g.map((r) => r.generation));
  const finite = (v) => (v === null || v === undefined || !isFinite(v) ? null : v);
  plot(plots, "Strength against the first network", xs,
    [{ label: "chained through the gates", values: [0].concat(g.map((r) => finite(r.chained_elo))), options: { points: { show: true } } },
     { label: "measured", values: [0].concat(g.map((r) => finite(r.measured_elo))), options: { points: { show: true } } }],
    { xLabel: "generation", yLabel: "Elo" });
  plot(plots, "Self-play positions per generation", g.map((r) => r.generation),
    [{ label: "exported", values: g.map((r) => finite(r.positions)) }, { label: "trained on", values: g.map((r) => finite(r.training_positions)) }],
    { xLabel: "generation", yLabel: "positions" });
  s.append(el("pre", { class: "summary" }, section.summary));
}

function render(doc) {
  const root = document.getElementById("app");
  window.WORKBENCH_PLOTS = 0;
  document.body.setAttribute("data-plots", 0);
  document.body.setAttribute("data-errors", window.WORKBENCH_ERRORS);
  root.replaceChildren();
  document.getElementById("source").textContent = doc.database ? "from " + doc.database : "";
  for (const section of doc.sections) {
    if (section.kind === "perft") renderPerft(section, root);
    else if (section.kind === "epd") renderEpd(section, root);
    else if (section.kind === "tuner") renderTuner(section, root);
    else if (section.kind === "network") renderNetwork(section, root);
    else if (section.kind === "loop") renderLoop(section, root);
    else renderMatch(section, root);
  }
  const epd = doc.sections.filter((s) => s.kind === "epd");
  if (epd.length === 2) renderEpdComparison(epd[0], epd[1], root);
  if (doc.rating) renderRating(doc.rating, root);
  window.WORKBENCH_RENDERED = (window.WORKBENCH_RENDERED || 0) + 1;
}

// The replay board: the game's start position, the opening's moves, then the engines' moves.
const PIECES = { K: "♔", Q: "♕", R: "♖", B: "♗", N: "♘", P: "♙", k: "♚", q: "♛", r: "♜", b: "♝", n: "♞", p: "♟" };

function parseFen(fen) {
  const rows = fen.split(" ")[0].split("/");
  const board = [];
  for (const row of rows) {
    const r = [];
    for (const ch of row) {
      if (/[1-8]/.test(ch)) for (let i = 0; i < Number(ch); i++) r.push(null);
      else r.push(ch);
    }
    board.push(r);
  }
  return board;
}

function applyUci(board, move) {
  const f = (s) => s.charCodeAt(0) - 97, r = (s) => 8 - Number(s[1]);
  const from = [r(move.slice(0, 2)), f(move.slice(0, 2))], to = [r(move.slice(2, 4)), f(move.slice(2, 4))];
  const piece = board[from[0]][from[1]];
  if (!piece) return;
  const lower = piece.toLowerCase();
  const target = board[to[0]][to[1]];
  const ownRook = target && target.toLowerCase() === "r" && (target === target.toUpperCase()) === (piece === piece.toUpperCase());
  if (lower === "k" && ownRook) {  // Chess960 castling, written king takes rook: king to g or c, rook beside it
    const kingSide = to[1] > from[1];
    board[from[0]][from[1]] = null;
    board[to[0]][to[1]] = null;
    board[from[0]][kingSide ? 6 : 2] = piece;
    board[from[0]][kingSide ? 5 : 3] = target;
    return;
  }
  if (lower === "k" && Math.abs(to[1] - from[1]) === 2) {  // castling: the rook jumps over
    const rookFrom = to[1] > from[1] ? 7 : 0, rookTo = to[1] > from[1] ? 5 : 3;
    board[from[0]][rookTo] = board[from[0]][rookFrom];
    board[from[0]][rookFrom] = null;
  }
  if (lower === "p" && from[1] !== to[1] && !board[to[0]][to[1]]) board[from[0]][to[1]] = null;  // en passant
  board[to[0]][to[1]] = move.length > 4 ? (piece === "P" ? move[4].toUpperCase() : move[4]) : piece;
  board[from[0]][from[1]] = null;
}

let current = null;

// Options as an engine's spec writes them: "Hash=16 Threads=1", or "-".
function optionsText(options) {
  const words = Object.entries(options || {}).map(([k, v]) => `${k}=${v}`);
  return words.length ? words.join(" ") : "-";
}

// The move number and side of the game's ply k (1-based, after its opening), from its FEN.
function moveLabel(g, k) {
  const fields = g.fen.split(" ");
  const opening = g.om ? g.om.split(" ").length : 0;
  const whiteFirst = fields[1] !== "b";
  const half = (whiteFirst ? 0 : 1) + opening + k - 1;  // plies since White's move of the FEN's move number
  const number = Number(fields[5] || 1) + Math.floor(half / 2);
  return half % 2 === 0 ? `${number}.` : `${number}...`;
}

function showPly(k) {
  const g = current;
  const moves = g.m ? g.m.split(" ") : [];
  k = Math.max(0, Math.min(moves.length, k));
  g.at = k;
  const board = parseFen(g.fen);
  for (const m of g.om ? g.om.split(" ") : []) applyUci(board, m);
  for (let i = 0; i < k; i++) applyUci(board, moves[i]);
  const last = k > 0 ? moves[k - 1] : "";
  const sq = (s) => [8 - Number(s[1]), s.charCodeAt(0) - 97];
  const marks = last ? [sq(last.slice(0, 2)), sq(last.slice(2, 4))] : [];
  const div = document.getElementById("board");
  div.replaceChildren();
  for (let r = 0; r < 8; r++)
    for (let c = 0; c < 8; c++) {
      const cell = el("div", { class: (r + c) % 2 ? "dark" : "light" }, board[r][c] ? PIECES[board[r][c]] : "");
      if (marks.some(([mr, mc]) => mr === r && mc === c)) cell.classList.add("last");
      div.append(cell);
    }
  const info = document.getElementById("board-info");
  if (k === 0) info.textContent = "start position" + (g.om ? " after the opening " + g.om : "");
  else {
    const cp = g.cp[k - 1];
    const score = cp === null ? "no score" : Math.abs(cp) > 20000 ? "#" + (cp > 0 ? 30000 - cp : -30000 - cp) : (cp / 100).toFixed(2);
    info.textContent = `${moveLabel(g, k)} ${g.san.split(" ")[k - 1]}  score ${score}  depth ${g.d[k - 1]}  ${g.ms[k - 1]} ms`;
  }
  document.querySelectorAll("#board-moves li").forEach((li, i) => li.classList.toggle("current", i === k - 1));
  document.body.setAttribute("data-replay", `${g.i}:${k}`);
}

// A report file holds every game's moves; the dashboard's page asks the server for them.
async function openGame(runId, g) {
  if (g.m !== undefined) return void replay(g);
  try {
    const response = await fetch(`/api/run/${runId}/game/${g.i}`, { cache: "no-store" });
    if (response.ok) replay(await response.json());
    else console.warn(`game ${g.i}: ${response.status}`);
  } catch (err) {
    console.warn(`game ${g.i}: ${err}`);
  }
}

function replay(g) {
  current = g;
  document.getElementById("board-panel").hidden = false;
  document.getElementById("board-title").textContent = `Game ${g.i}: ${g.w} – ${g.b}  ${g.r} (${g.why})`;
  const list = document.getElementById("board-moves");
  list.replaceChildren();
  (g.san ? g.san.split(" ") : []).forEach((san, i) => {
    const cp = g.cp[i];
    const score = cp === null ? "" : Math.abs(cp) > 20000 ? " #" : ` ${(cp / 100).toFixed(2)}/${g.d[i]}`;
    list.append(el("li", { onclick: () => showPly(i + 1) }, `${moveLabel(g, i + 1)} ${san}${score}`));
  });
  showPly(0);
}

document.getElementById("board-close").onclick = () => (document.getElementById("board-panel").hidden = true);
document.getElementById("first").onclick = () => showPly(0);
document.getElementById("prev").onclick = () => showPly(current.at - 1);
document.getElementById("next").onclick = () => showPly(current.at + 1);
document.getElementById("last").onclick = () => showPly(1e9);
document.addEventListener("keydown", (e) => {
  if (!current || document.getElementById("board-panel").hidden) return;
  if (e.key === "ArrowLeft") showPly(current.at - 1);
  if (e.key === "ArrowRight") showPly(current.at + 1);
});

const initial = JSON.parse(document.getElementById("report-data").textContent);
render(initial);

// report.html#replay=N opens game N on the board at its last move (links, and the browser test).
const wanted = /replay=(\d+)/.exec(location.hash);
if (wanted) {
  for (const section of initial.sections) {
    const game = (section.games || []).find((g) => g.i === Number(wanted[1]));
    if (game) {
      openGame(section.id, game).then(() => showPly(1e9));
      break;
    }
  }
}

// The live dashboard: the same page, fetched again while the run is going.
if (window.WORKBENCH_LIVE) {
  const live = window.WORKBENCH_LIVE;
  let last = "";
  setInterval(async () => {
    try {
      const response = await fetch(live.url, { cache: "no-store" });
      if (!response.ok) return;
      const text = await response.text();
      if (text !== last) render(JSON.parse(text));  // only when a game came in
      last = text;
    } catch (err) {
      console.warn("dashboard: " + err);
    }
  }, live.interval);
}
