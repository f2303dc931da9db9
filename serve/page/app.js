// The sudokubench page: a grid to type, paste, generate or sample a puzzle,
// solve it with one solver or all of them through the server's API, and a
// list of the benchmark runs the server can show reports of. The server
// parses, validates, solves and verifies; the page only shows what it says.
"use strict";

const $ = (id) => document.getElementById(id);

// The grid: its side, the cells' inputs, and which cells hold givens;
// posed counts the puzzles it has held (forgetResults moves it on), so
// that a solve still under way when the puzzle changes drops its answer.
const board = { n: 9, box: 3, cells: [], focus: 0, posed: 0 };

// maxSymbolSide is the largest side written one character a cell (1-9,
// then A, B, …); past it, as the server writes them, cells are numbers.
const maxSymbolSide = 25;

// numbered says whether a grid of side n writes its cells as numbers.
const numbered = (n) => n > maxSymbolSide;

// tokens splits a one-line puzzle into its cells: characters, or
// whitespace-separated numbers for the sides past maxSymbolSide.
function tokens(line) {
  const trimmed = line.trim();
  return /\s/.test(trimmed) ? trimmed.split(/\s+/) : [...trimmed];
}

// blank says whether a cell's text is a blank.
const blank = (v) => v === "" || v === "." || v === "0" || v === "?";

// buildGrid makes an empty n×n grid of inputs with a roving tab stop:
// Tab enters and leaves the grid once, arrows move inside it.
function buildGrid(n) {
  const grid = $("grid");
  board.n = n;
  board.box = Math.round(Math.sqrt(n));
  board.cells = [];
  board.focus = 0;
  grid.replaceChildren();
  forgetResults();
  grid.style.setProperty("--n", n);
  grid.dataset.size = n;
  grid.setAttribute("aria-label", `Puzzle grid, ${n} by ${n}`);
  for (let r = 0; r < n; r++) {
    const row = document.createElement("div");
    row.className = "grid-row";
    for (let c = 0; c < n; c++) {
      const input = document.createElement("input");
      const i = r * n + c;
      input.type = "text";
      input.autocomplete = "off";
      input.spellcheck = false;
      input.className = "cell";
      input.id = `r${r + 1}c${c + 1}`;
      input.dataset.index = i;
      input.setAttribute("aria-label", `row ${r + 1}, column ${c + 1}`);
      input.tabIndex = i === 0 ? 0 : -1;
      if ((c + 1) % board.box === 0 && c + 1 < n) input.classList.add("box-right");
      if ((r + 1) % board.box === 0 && r + 1 < n) input.classList.add("box-bottom");
      if (r === c || r + c === n - 1) input.classList.add("diagonal");
      input.addEventListener("keydown", onCellKey);
      input.addEventListener("input", onCellInput);
      input.addEventListener("paste", onCellPaste);
      input.addEventListener("focus", () => moveFocus(i, false));
      row.append(input);
      board.cells.push(input);
    }
    grid.append(row);
  }
  showVariant();
}

// moveFocus makes cell i the grid's tab stop, and focuses it if asked.
function moveFocus(i, focus = true) {
  board.cells[board.focus].tabIndex = -1;
  board.focus = i;
  board.cells[i].tabIndex = 0;
  if (focus) board.cells[i].focus();
}

function onCellKey(e) {
  const i = Number(e.target.dataset.index);
  const n = board.n;
  const r = Math.floor(i / n), c = i % n;
  const moves = {
    ArrowLeft: c > 0 ? i - 1 : i, ArrowRight: c < n - 1 ? i + 1 : i,
    ArrowUp: r > 0 ? i - n : i, ArrowDown: r < n - 1 ? i + n : i,
    Home: r * n, End: r * n + n - 1,
  };
  if (e.key in moves) {
    e.preventDefault();
    moveFocus(moves[e.key]);
  } else if (e.key === "Backspace" || e.key === "Delete") {
    e.preventDefault();
    setCell(i, "");
    if (e.key === "Backspace" && c > 0) moveFocus(i - 1);
  }
}

// typeInto takes a typed character as the cell's symbol and moves on:
// blanks clear, anything else is kept for the server to judge.
function typeInto(i, key) {
  const ch = key.toUpperCase();
  setCell(i, ".0 ?".includes(ch) ? "" : ch);
  if (i + 1 < board.cells.length) moveFocus(i + 1);
}

// onCellInput takes what was typed, from a keyboard or a phone's, as the
// cell's one symbol; on a numbered grid, as its number of up to two
// digits, moving on once no digit more could follow.
function onCellInput(e) {
  const i = Number(e.target.dataset.index);
  if (numbered(board.n)) {
    const digits = e.target.value.replace(/\D/g, "").slice(-2).replace(/^0+/, "");
    setCell(i, digits);
    if (digits !== "" && (digits.length === 2 || Number(digits) * 10 > board.n) && i + 1 < board.cells.length) moveFocus(i + 1);
    return;
  }
  const ch = (e.data || e.target.value).slice(-1);
  if (ch !== "") typeInto(i, ch);
}

function onCellPaste(e) {
  const text = (e.clipboardData || window.clipboardData).getData("text");
  if (text.trim().length > 1) {
    e.preventDefault();
    loadText(text);
  }
}

// setCell writes one cell typed by hand: the grid is then a new puzzle,
// so an earlier solution, error marks and results go.
function setCell(i, ch) {
  const cell = board.cells[i];
  cell.classList.remove("solved");
  clearSolution();
  clearMarks();
  forgetResults();
  cell.value = ch;
  cell.classList.toggle("given", ch !== "");
}

// puzzleString is the grid in the one-line form, '.' for a blank; past
// maxSymbolSide, numbers separated by spaces, 0 for a blank.
function puzzleString() {
  const values = board.cells.map((c) => (c.classList.contains("solved") ? "" : c.value));
  if (numbered(board.n)) return values.map((v) => v || "0").join(" ");
  return values.map((v) => v || ".").join("");
}

// loadLine fills the grid from a one-line puzzle, characters or numbers;
// givens are marked, and the last puzzle's results go.
function loadLine(line) {
  const cells = tokens(line);
  const n = Math.round(Math.sqrt(cells.length));
  if (n !== board.n) buildGrid(n);
  forgetResults();
  board.cells.forEach((cell, i) => {
    cell.value = blank(cells[i]) ? "" : cells[i].toUpperCase();
    cell.classList.toggle("given", cell.value !== "");
    cell.classList.remove("solved");
  });
  clearMarks();
}

// sides are the grids the suite poses, by their cell counts.
const sides = { 16: 4, 81: 9, 256: 16, 625: 25, 1296: 36 };

// loadText reads a pasted puzzle, one line or the display form: separators
// and spaces go, and the cell count must be a square of a square. Past
// 25×25 cells are numbers, separated by spaces (rows of the display form
// too).
function loadText(text) {
  const chars = text.replace(/[|+\-\s]/g, "");
  const numbers = text.split(/[\s|+]+/).filter((t) => t !== "" && !/^-+$/.test(t));
  let line;
  if (sides[chars.length] && !numbered(sides[chars.length])) line = chars;
  else if (sides[numbers.length]) line = numbers.join(" ");
  else {
    showError(`${chars.length} cells: a puzzle has 16, 81, 256 or 625 cells (4×4, 9×9, 16×16, 25×25), or 1,296 numbers (36×36)`);
    return false;
  }
  loadLine(line);
  say(`Loaded a ${board.n}×${board.n} puzzle with ${countHints()} hints.`);
  return true;
}

function countHints() {
  return board.cells.filter((c) => c.value !== "" && !c.classList.contains("solved")).length;
}

// showSolution fills the blank cells from a verified solution.
function showSolution(line) {
  const solution = tokens(line);
  board.cells.forEach((cell, i) => {
    if (cell.value === "" || cell.classList.contains("solved")) {
      cell.value = solution[i];
      cell.classList.add("solved");
    }
  });
}

function clearSolution() {
  for (const cell of board.cells) {
    if (cell.classList.contains("solved")) {
      cell.value = "";
      cell.classList.remove("solved");
    }
  }
}

// markCells highlights the cells an error names (r3c7) and moves the
// focus to the first.
function markCells(names) {
  clearMarks();
  let first = -1;
  for (const name of names || []) {
    const cell = document.getElementById(name);
    if (!cell || !board.cells.includes(cell)) continue;
    cell.classList.add("invalid");
    cell.setAttribute("aria-invalid", "true");
    if (first < 0) first = Number(cell.dataset.index);
  }
  if (first >= 0) moveFocus(first);
}

// forgetResults takes away what was shown of the last puzzle: the result
// of its solve and the chart of all solvers on it.
function forgetResults() {
  board.posed++;
  $("facts").replaceChildren();
  $("counters").querySelector("tbody").replaceChildren();
  $("counters").hidden = true;
  $("outcome").hidden = true;
  $("chart").replaceChildren();
  $("comparison").hidden = true;
}

function clearMarks() {
  for (const cell of board.cells) {
    cell.classList.remove("invalid");
    cell.removeAttribute("aria-invalid");
  }
  $("error").textContent = "";
}

function showVariant() {
  $("grid").classList.toggle("diagonal-variant", $("variant").value === "diagonal");
}

function say(text) {
  $("message").textContent = text;
}

function showError(text, cells) {
  say("");
  markCells(cells);
  $("error").textContent = text;
}

// api calls the server and returns its JSON; a refusal shows the server's
// message, with the cells it names highlighted, and returns null.
// current, when given, says whether the answer still applies: one that
// comes after the puzzle changed is dropped, said, and returns null.
async function api(path, body, current) {
  const init = body === undefined ? {} : {
    method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  let res;
  try {
    res = await fetch(path, init);
  } catch (err) {
    showError(`The server did not answer: ${err.message}`);
    return null;
  }
  const data = await res.json().catch(() => ({ error: `${res.status} ${res.statusText}` }));
  if (current && !current()) {
    say("The puzzle changed while it was being solved; that answer was dropped.");
    return null;
  }
  if (!res.ok) {
    showError(data.error || `${res.status} ${res.statusText}`, data.cells);
    return null;
  }
  return data;
}

// busy disables the forms' buttons while a request runs.
async function busy(work) {
  const buttons = document.querySelectorAll("#tools button");
  buttons.forEach((b) => (b.disabled = true));
  document.body.setAttribute("aria-busy", "true");
  try {
    await work();
  } finally {
    buttons.forEach((b) => (b.disabled = false));
    document.body.removeAttribute("aria-busy");
  }
}

// Times: nanoseconds to a short human figure.
function duration(ns) {
  if (ns < 1e3) return `${ns} ns`;
  if (ns < 1e6) return `${(ns / 1e3).toPrecision(3)} µs`;
  if (ns < 1e9) return `${(ns / 1e6).toPrecision(3)} ms`;
  return `${(ns / 1e9).toPrecision(3)} s`;
}

function bytes(b) {
  if (b < 1024) return `${b} B`;
  const units = ["KiB", "MiB", "GiB", "TiB"];
  let v = b, u = -1;
  do { v /= 1024; u++; } while (v >= 1024 && u < units.length - 1);
  return `${v.toPrecision(3)} ${units[u]}`;
}

// stillPosed returns whether the puzzle shown now is the one shown when
// it was called.
function stillPosed() {
  const posed = board.posed;
  return () => board.posed === posed;
}

function solveBody() {
  return {
    puzzle: puzzleString(),
    variant: $("variant").value,
    mode: $("mode").value,
    timeout: $("timeout").value.trim() || undefined,
  };
}

async function solveOne() {
  clearSolution();
  clearMarks();
  const body = solveBody();
  body.solver = $("solver").value;
  say(`Solving with ${body.solver}…`);
  const data = await api("/api/solve", body, stillPosed());
  if (!data) return;
  if (data.verified) showSolution(data.solution);
  showOutcome(data);
  say(`${data.solver}: ${data.status}${data.verified ? ", verified" : ""}, ${duration(data.cpu_ns)} CPU.`);
  showConflict(data.conflict);
}

// showConflict marks the givens that contradict each other, as the
// server names them; the solvers still ran (such a puzzle is unsat).
function showConflict(conflict) {
  if (!conflict) return;
  markCells(conflict.cells);
  $("error").textContent = `No solution: ${conflict.message}`;
}

// showOutcome lists a solve's status, times, memory and counters.
function showOutcome(data) {
  const facts = [
    ["solver", data.solver], ["status", data.status],
    ["verified", data.verified ? "yes: rules and givens checked" : "no"],
    ["mode", data.mode], ["CPU time", duration(data.cpu_ns)], ["wall time", duration(data.wall_ns)],
    ["server time", duration(data.elapsed_ns)], ["peak memory", bytes(data.peak_rss_bytes)],
    ["allocated", bytes(data.alloc_bytes)],
  ];
  if (data.detail) facts.push(["detail", data.detail]);
  const dl = $("facts");
  dl.replaceChildren();
  for (const [k, v] of facts) {
    const dt = document.createElement("dt");
    const dd = document.createElement("dd");
    dt.textContent = k;
    dd.textContent = v;
    if (k === "status") dd.className = `status status-${v}`;
    dl.append(dt, dd);
  }
  const rows = Object.entries(data.counters || {}).concat(Object.entries(data.model || {}));
  const tbody = $("counters").querySelector("tbody");
  tbody.replaceChildren();
  for (const [k, v] of rows) {
    const tr = document.createElement("tr");
    const th = document.createElement("th");
    const td = document.createElement("td");
    th.scope = "row";
    th.textContent = k;
    td.className = "num";
    td.textContent = Number.isInteger(v) ? v.toLocaleString("en") : v.toPrecision(4);
    tr.append(th, td);
    tbody.append(tr);
  }
  $("counters").hidden = rows.length === 0;
  $("outcome").hidden = false;
}

async function solveAll() {
  clearSolution();
  clearMarks();
  say("Solving with every solver…");
  const data = await api("/api/solve/all", solveBody(), stillPosed());
  if (!data) return;
  const first = data.results.find((r) => r.verified);
  if (first) showSolution(first.solution);
  drawChart(data.results);
  $("comparison").hidden = false;
  const solved = data.results.filter((r) => r.verified).length;
  const busy = data.results.filter((r) => r.status === "busy").length;
  say(`${data.results.length - busy} solvers ran; ${solved} returned a verified solution.` +
    (busy > 0 ? ` ${busy} did not run: every worker of ${busy === 1 ? "it" : "each"} was busy; try again.` : ""));
  showConflict(data.conflict);
}

const svgNS = "http://www.w3.org/2000/svg";

function svg(tag, attrs, text) {
  const el = document.createElementNS(svgNS, tag);
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
  if (text !== undefined) el.textContent = text;
  return el;
}

// settled says whether a status answers the question asked, so has a time.
function settled(status) {
  return ["solved", "unsat", "multiple"].includes(status);
}

// drawChart draws one bar per solver, its CPU time on a log axis with a
// tick at every power of ten.
function drawChart(results) {
  const rows = [...results].sort((a, b) => (settled(b.status) - settled(a.status)) || a.cpu_ns - b.cpu_ns);
  const timed = rows.filter((r) => settled(r.status)).map((r) => Math.max(r.cpu_ns, 1));
  const lo = Math.floor(Math.log10(Math.min(...timed, 1e4)));
  const hi = Math.ceil(Math.log10(Math.max(...timed, 1e5)));
  const label = 230, width = 720, right = 90, bar = 22, gap = 8, top = 28;
  const plotW = width - label - right;
  const x = (ns) => label + plotW * (Math.log10(ns) - lo) / (hi - lo);
  const height = top + rows.length * (bar + gap) + 8;
  const chart = svg("svg", {
    viewBox: `0 0 ${width} ${height}`, role: "img", class: "bars",
    "aria-label": "CPU time per solver: " + rows.map((r) => `${r.solver} ${settled(r.status) ? duration(r.cpu_ns) : r.status}`).join("; "),
  });
  for (let e = lo; e <= hi; e++) {
    chart.append(svg("line", { x1: x(10 ** e), x2: x(10 ** e), y1: top - 6, y2: height - 4, class: "tick" }));
    chart.append(svg("text", { x: x(10 ** e), y: top - 10, class: "tick-label" }, duration(10 ** e)));
  }
  rows.forEach((r, k) => {
    const y = top + k * (bar + gap);
    chart.append(svg("text", { x: label - 8, y: y + bar * 0.7, class: "bar-label" }, r.solver));
    if (settled(r.status)) {
      const end = x(Math.max(r.cpu_ns, 10 ** lo));
      chart.append(svg("rect", { x: label, y, width: Math.max(end - label, 2), height: bar, class: `bar status-${r.status}` }));
      chart.append(svg("text", { x: end + 6, y: y + bar * 0.7, class: "bar-value" }, `${duration(r.cpu_ns)}${r.status === "solved" ? "" : " " + r.status}`));
    } else {
      chart.append(svg("text", { x: label + 4, y: y + bar * 0.7, class: `bar-status status-${r.status}` }, `${r.status}${r.detail ? ": " + r.detail.slice(0, 60) : ""}`));
    }
  });
  $("chart").replaceChildren(chart);
}

async function generate() {
  const params = new URLSearchParams({ size: $("size").value, hints: $("hints").value, variant: $("variant").value });
  if ($("seed").value.trim() !== "") params.set("seed", $("seed").value.trim());
  say("Generating…");
  const data = await api(`/api/generate?${params}`);
  if (!data) return;
  loadLine(data.puzzle);
  say(`Generated a unique ${data.size}×${data.size} ${data.variant} puzzle with ${data.hints} hints (seed ${data.seed}).`);
}

async function sample() {
  const name = $("corpus").value;
  if (!name) return;
  say(`Drawing a puzzle from ${name}…`);
  const data = await api(`/api/corpora/${encodeURIComponent(name)}/sample?n=1`);
  if (!data || data.puzzles.length === 0) return;
  $("variant").value = "classic";
  showVariant();
  const p = data.puzzles[0];
  loadLine(p.puzzle);
  say(`Loaded ${p.id}, ${p.hints} hints.`);
}

async function loadSolvers() {
  const data = await api("/api/solvers");
  if (!data) return;
  const select = $("solver");
  for (const s of data.solvers) {
    const opt = new Option(s.available ? s.name : `${s.name} (not here: ${s.unavailable})`, s.name);
    opt.disabled = !s.available;
    opt.title = s.description;
    opt.selected = s.name === data.default;
    select.append(opt);
  }
}

async function loadCorpora() {
  const res = await fetch("/api/corpora");
  if (!res.ok) {
    $("sample-form").hidden = true;
    return;
  }
  const data = await res.json();
  for (const c of data.corpora) {
    $("corpus").append(new Option(`${c.name} (${c.puzzles.toLocaleString("en")} puzzles, ${c.min_hints}–${c.max_hints} hints)`, c.name));
  }
}

async function loadRuns() {
  const res = await fetch("/api/results");
  const data = await res.json().catch(() => ({}));
  const list = $("runs");
  if (!res.ok) {
    $("results-note").textContent = data.error || "No results to show.";
    return;
  }
  if (data.runs.length === 0) {
    $("results-note").textContent = "No benchmark runs under the results directory yet: make one with sudokubench run.";
    return;
  }
  $("results-note").textContent = "Each run opens its report: tables by hint count and corpus, and the plots.";
  for (const run of data.runs) {
    const li = document.createElement("li");
    const a = document.createElement("a");
    a.href = run.report;
    a.textContent = run.path === "." ? "(the results directory itself)" : run.path;
    const what = [];
    if (run.created) what.push(new Date(run.created).toISOString().slice(0, 10));
    if (run.solvers) what.push(`${run.solvers.length} solvers`);
    if (run.corpora) what.push(run.corpora.join(", "));
    if (run.planned_runs) what.push(`${run.planned_runs.toLocaleString("en")} runs`);
    li.append(a, document.createTextNode(what.length ? ` — ${what.join("; ")}` : ""));
    list.append(li);
  }
}

function submit(id, work) {
  $(id).addEventListener("submit", (e) => {
    e.preventDefault();
    busy(work);
  });
}

document.addEventListener("DOMContentLoaded", () => {
  buildGrid(9);
  submit("paste-form", async () => {
    if (loadText($("paste").value)) moveFocus(0);
  });
  submit("generate-form", generate);
  submit("sample-form", sample);
  submit("solve-form", solveOne);
  $("solve-all").addEventListener("click", () => busy(solveAll));
  $("clear").addEventListener("click", () => {
    buildGrid(Number($("size").value));
    say("Empty grid.");
  });
  $("variant").addEventListener("change", () => {
    showVariant();
    clearSolution();
    forgetResults();
  });
  $("size").addEventListener("change", () => {
    const defaults = { 4: 6, 9: 30, 16: 110, 25: 300, 36: 780 };
    $("hints").value = defaults[$("size").value];
  });
  loadSolvers();
  loadCorpora();
  loadRuns();
});
