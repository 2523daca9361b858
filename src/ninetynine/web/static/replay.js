// The replay page: a finished game step by step, drawn by the game's own module for the chosen
// seat, with every seat's text board beside it and the whole log (click a move to jump there).
// The address keeps the position (?step=12&seat=1), so a link shows the same moment.
import { el, api, seatName } from "/static/common.js";
import * as motion from "/static/motion.js";

const tableId = location.pathname.split("/").filter(Boolean)[1];
const $ = (id) => document.getElementById(id);
const params = new URLSearchParams(location.search);

let game = null; // the outline: moves, names, steps, result
let renderer = null;
let step = 0;
let seat = "0";
let timer = null;
let asked = 0; // the latest request: an older answer arriving late is dropped
let current = null; // the step's view
let analysis = null; // the analysis shown: {id, step, seat}
const ui = { selection: null, version: -1, move: () => {}, seatName: (i) => seatName(game, i), redraw: () => {} };

function fatal(text) {
  $("fatal").textContent = text;
  $("fatal").classList.remove("hidden");
  $("replay").classList.add("hidden");
}

async function show(k) {
  step = Math.max(0, Math.min(game.steps, k));
  const ticket = ++asked;
  const q = seat === "spectator" ? "spectator" : seat;
  let v;
  try {
    v = await api(`/api/tables/${tableId}/replay/${step}?seat=${q}`);
  } catch (e) {
    stopAutoplay();
    $("status").textContent = e.message;
    return;
  }
  if (ticket !== asked) return;
  const previous = current;
  current = v;
  document.body.dataset.step = String(step);
  $("step").value = String(step);
  $("step-text").textContent = `${step} / ${game.steps}`;
  $("status").dataset.turn = v.terminal ? "over" : "other";
  $("status").textContent = step === 0 ? "The deal" + (v.terminal ? "" : `: ${seatName(game, v.current_player)} to move`)
    : v.terminal ? `After move ${step}: game over, ${game.result || "stopped"}`
      : `After move ${step}: ${seatName(game, v.current_player)} to move`;
  $("next").textContent = v.next_move ? `Next: ${seatName(game, v.next_move.seat)} plays ${v.next_move.move}` : "No more moves.";
  for (const [id, off] of [["first", step === 0], ["back", step === 0], ["forward", step === game.steps], ["last", step === game.steps]]) $(id).disabled = off;
  const board = $("board");
  // one step forward (by hand or autoplay) moves its cards as on the live table
  const before = previous && previous.step + 1 === v.step && previous.seat === v.seat ? motion.capture(board) : null;
  board.replaceChildren();
  ui.version = step;
  try {
    renderer.render(board, v, ui);
    if (before) motion.play(board, before, { mover: previous.current_player, me: v.seat });
  } catch (e) {
    console.error("the drawing failed; the text board instead:", e);
    board.replaceChildren(el("pre", { class: "board" }, v.board_text));
  }
  $("boards").replaceChildren(...v.boards.map((b) => el("div", { class: "player", dataset: { seat: b.seat } },
    el("h3", {}, b.name, game.bots[b.seat] ? " · bot" : ""), el("pre", { class: "board" }, b.text))));
  for (const li of $("log").children) li.classList.toggle("current", Number(li.value) === step);
  const cur = $("log").querySelector("li.current");
  if (cur) cur.scrollIntoView({ block: "nearest" });
  params.set("step", String(step));
  params.set("seat", seat);
  history.replaceState(null, "", `${location.pathname}?${params}`);
  if (timer !== null && step >= game.steps) stopAutoplay();
  showAnalysisTarget();
}

// -- analysis of the shown position (for the seat to move there) --------------------------
function showAnalysisTarget() {
  const open = current && !current.terminal;
  $("analyse").disabled = !open || (analysis !== null && !analysis.done);
  $("analysis-who").textContent = open ? `What ${seatName(game, current.current_player)} could have played after move ${step}.`
    : "The game is over at this step: nothing to analyse.";
  if (analysis && analysis.step !== step) clearAnalysis();
}

function clearAnalysis() {
  if (analysis && !analysis.done) return; // still running: keep it, its results follow
  analysis = null;
  $("analysis-progress-row").classList.add("hidden");
  $("analysis-table").classList.add("hidden");
  $("analysis-hint").classList.add("hidden");
}

const pct = (x) => `${Math.round(100 * x)}%`;

function drawAnalysis(job) {
  analysis = job;
  document.body.dataset.analysis = job.done ? "done" : "running";
  $("analysis-progress-row").classList.remove("hidden");
  const total = job.total || 1;
  $("analysis-progress").max = total;
  $("analysis-progress").value = job.played;
  const where = `After move ${job.step}, ${seatName(game, job.seat)} to move: `;
  $("analysis-text").textContent = where + (job.error ? job.error
    : job.done ? `${job.played} games played${job.stopped ? ` (${job.stopped})` : ""}.`
      : job.total ? `${job.played} of ${job.total} games…` : "the bots are thinking…");
  $("analysis-hint").textContent = job.hint ? `Hint: ${job.hint}` : "";
  $("analysis-hint").classList.toggle("hidden", !job.hint);
  const rows = job.candidates.map((c) => el("tr", { dataset: { move: c.move } },
    el("td", {}, el("code", {}, c.move)),
    el("td", {}, c.by.join(", ")),
    el("td", {}, c.games ? `${pct(c.win_rate)} (${c.wins} of ${c.games}${c.draws ? `, ${c.draws} drawn` : ""})` : "…")));
  $("analysis-table").querySelector("tbody").replaceChildren(...rows);
  $("analysis-table").classList.toggle("hidden", rows.length === 0);
  $("analyse").disabled = !job.done || !current || current.terminal;
}

async function analyse() {
  if (!current || current.terminal || (analysis && !analysis.done)) return;
  let job;
  try {
    job = await api(`/api/tables/${tableId}/analysis`, { method: "POST", body: { step, games: Number($("analysis-games").value) } });
  } catch (e) {
    $("analysis-progress-row").classList.remove("hidden");
    $("analysis-text").textContent = e.message;
    return;
  }
  drawAnalysis(job);
  while (!job.done) {
    await new Promise((r) => setTimeout(r, 300));
    try { job = await api(`/api/analysis/${job.id}`); } catch (e) { $("analysis-text").textContent = e.message; return; }
    drawAnalysis(job);
  }
  if (job.step !== step) clearAnalysis();
  showAnalysisTarget();
}

function stopAutoplay() {
  if (timer !== null) clearInterval(timer);
  timer = null;
  $("play").textContent = "Autoplay";
  $("play").setAttribute("aria-pressed", "false");
}

function toggleAutoplay() {
  if (timer !== null) { stopAutoplay(); return; }
  if (step >= game.steps) show(0);
  $("play").textContent = "Pause";
  $("play").setAttribute("aria-pressed", "true");
  timer = setInterval(() => show(step + 1), Number($("speed").value));
}

async function start() {
  motion.markPage();
  try {
    game = await api(`/api/tables/${tableId}/replay`);
  } catch (e) {
    fatal(e.message);
    return;
  }
  const name = (game.title || game.game).split(":")[0];
  $("subtitle").textContent = `${name} — replay of table ${tableId}`;
  document.title = `ninetynine replay: ${game.game}`;
  try {
    renderer = (await import(game.renderer)).default;
  } catch {
    renderer = (await import("/static/games/generic.js")).default;
  }
  $("record").href = `/api/tables/${tableId}/record`;
  $("table").href = `/watch/${tableId}`;
  $("step").max = String(game.steps);
  $("seat").replaceChildren(...game.names.map((n, i) => el("option", { value: String(i) }, `${n} (seat ${i})`)),
    el("option", { value: "spectator" }, "a spectator"));
  const want = params.get("seat");
  if (want && [...$("seat").options].some((o) => o.value === want)) seat = want;
  $("seat").value = seat;
  $("log").replaceChildren(...game.moves.map((m) => el("li", { value: m.n },
    el("button", { type: "button", class: "linkish", dataset: { step: m.n }, onclick: () => { stopAutoplay(); show(m.n); } },
      el("strong", {}, seatName(game, m.seat)), ": ", el("code", {}, m.move)),
    m.events.length ? el("span", { class: "ev" }, " — " + m.events.join("; ")) : "")));
  $("first").onclick = () => { stopAutoplay(); show(0); };
  $("back").onclick = () => { stopAutoplay(); show(step - 1); };
  $("forward").onclick = () => { stopAutoplay(); show(step + 1); };
  $("last").onclick = () => { stopAutoplay(); show(game.steps); };
  $("play").onclick = toggleAutoplay;
  $("analyse").onclick = analyse;
  $("step").oninput = () => { stopAutoplay(); show(Number($("step").value)); };
  $("seat").onchange = () => { seat = $("seat").value; show(step); };
  $("speed").onchange = () => { if (timer !== null) { stopAutoplay(); toggleAutoplay(); } };
  document.addEventListener("keydown", (ev) => {
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "SELECT" || t.tagName === "TEXTAREA") || ev.ctrlKey || ev.metaKey || ev.altKey) return;
    const go = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: game.steps }[ev.key];
    if (go !== undefined) { ev.preventDefault(); stopAutoplay(); show(go); }
    else if (ev.key === "p" || ev.key === "P") { ev.preventDefault(); toggleAutoplay(); }
    else if (ev.key === "a" || ev.key === "A") { ev.preventDefault(); analyse(); }
  });
  const k = Number(params.get("step"));
  await show(Number.isInteger(k) && params.has("step") ? k : 0);
}

start();
