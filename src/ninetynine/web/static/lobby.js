// The lobby: pick a game, its options and seats; create the table; list tables.
import { el, api } from "/static/common.js";

const $ = (id) => document.getElementById(id);
let games = [];
const MINE = "ninetynine.seats";
const MAX_ITERATIONS = 5000; // the server's limit (web/tables.py MAX_BOT_ITERATIONS)

function showError(msg) { $("error").textContent = msg; $("error").classList.toggle("hidden", !msg); }
const current = () => games.find((g) => g.id === $("game").value);

function fillPlayers() {
  const g = current();
  const sel = $("players");
  sel.replaceChildren();
  for (let n = g.min_players; n <= g.max_players; n++) sel.append(el("option", { value: n, selected: n === g.default_players }, n));
  $("game-title").textContent = g.title;
  fillSeats();
  fillOptions();
}

// "hard (ismcts:1000) · beats greedy 57.5%" from the level's measured figures
function levelLabel(lv) {
  const m = /wins ([0-9.]+)% against (greedy|random)/.exec(lv.text);
  return `${lv.name} (${lv.spec})` + (m ? ` · beats ${m[2]} ${m[1]}%` : "");
}

function fillSeats() {
  const g = current();
  const n = Number($("players").value);
  const old = [...document.querySelectorAll("#seats select")].map((s) => s.value);
  $("seats").replaceChildren(...Array.from({ length: n }, (_, i) => {
    const sel = el("select", { id: `seat-${i}`, "aria-label": `Seat ${i}` },
      el("option", { value: "human" }, "a person"),
      // named strengths first, with how they measured; then every bot by its spec
      (g.levels || []).map((lv) => el("option", { value: lv.name, title: lv.text }, levelLabel(lv))),
      g.agents.filter((a) => !(g.levels || []).some((lv) => lv.name === a.name))
        .map((a) => el("option", { value: a.name, title: a.doc }, `bot: ${a.name}`)));
    sel.value = old[i] || (i === 0 ? "human" : g.agents.some((a) => a.name === "greedy") ? "greedy" : g.agents[0].name);
    // a search bot's budget: iterations a move (more: stronger and slower)
    const iters = el("input", {
      id: `iters-${i}`, type: "number", min: 10, max: MAX_ITERATIONS, step: 10, value: 200, style: "width:6rem",
      "aria-label": `Seat ${i} search iterations a move`, title: "iterations a move: more is stronger and slower",
    });
    const itersBox = el("span", { class: sel.value === "ismcts" ? "" : "hidden" }, iters, " iterations");
    sel.addEventListener("change", () => itersBox.classList.toggle("hidden", sel.value !== "ismcts"));
    return el("label", {}, `Seat ${i}`, sel, itersBox, el("input", { id: `name-${i}`, placeholder: "name", size: 10, "aria-label": `Seat ${i} name` }));
  }));
}

function fillOptions() {
  const g = current();
  $("options").replaceChildren(...g.options.map((o) => {
    let input;
    if (o.kind === "bool") input = el("input", { type: "checkbox", checked: o.default, dataset: { opt: o.name, kind: "bool" } });
    else if (o.choices) input = el("select", { dataset: { opt: o.name } }, o.choices.map((c) => el("option", { value: c, selected: c === o.default }, c)));
    else input = el("input", { value: o.default, size: 12, dataset: { opt: o.name } });
    return el("div", {}, el("label", { title: o.doc }, el("code", {}, o.name), input), " ", el("span", { class: "muted" }, o.doc));
  }));
}

function readOptions() {
  const g = current();
  const out = {};
  for (const input of document.querySelectorAll("#options [data-opt]")) {
    const spec = g.options.find((o) => o.name === input.dataset.opt);
    const value = input.dataset.kind === "bool" ? input.checked : input.value;
    if (String(value) !== String(spec.default)) out[spec.name] = value;
  }
  return out;
}

function remember(entry) {
  const list = JSON.parse(localStorage.getItem(MINE) || "[]");
  list.unshift(entry);
  localStorage.setItem(MINE, JSON.stringify(list.slice(0, 30)));
  showMine();
}

function showMine() {
  const list = JSON.parse(localStorage.getItem(MINE) || "[]");
  $("mine-panel").classList.toggle("hidden", !list.length);
  $("mine").replaceChildren(el("ul", {}, list.map((e) => el("li", {}, el("a", { href: e.url }, e.label)))));
}

async function create(ev) {
  ev.preventDefault();
  showError("");
  const g = current();
  const n = Number($("players").value);
  const seats = Array.from({ length: n }, (_, i) => {
    const spec = $(`seat-${i}`).value;
    return spec === "ismcts" ? `ismcts:${Math.round(Number($(`iters-${i}`).value) || 200)}` : spec;
  });
  const names = Array.from({ length: n }, (_, i) => $(`name-${i}`).value.trim() || null);
  const body = { game: g.id, players: n, seats, names, options: readOptions() };
  body.spectator_chat = $("spectator-chat").checked;
  if ($("turn-seconds").value !== "") body.turn_seconds = Number($("turn-seconds").value);
  // the seed's digits go as typed: Number() would round one above 2**53 to another seed
  const seed = $("seed").value.trim();
  let payload = body;
  if (seed !== "") {
    if (!/^\d+$/.test(seed)) { showError("a seed is a whole number from 0 to 2**64 - 1"); return; }
    payload = JSON.stringify({ ...body, seed: 0 }).replace(/"seed":0}$/, `"seed":${seed.replace(/^0+(?=\d)/, "")}}`);
  }
  let t;
  try { t = await api("/api/tables", { method: "POST", body: payload }); } catch (e) { showError(e.message); return; }
  const humans = t.seats.filter((s) => s.invite);
  const abs = (p) => new URL(p, location.href).href;
  humans.forEach((s, k) => remember({ url: s.invite, label: `${g.title.split(":")[0]} · table ${t.id} · ${s.name}` }));
  $("created").replaceChildren(
    el("h2", {}, `Table ${t.id} is ready`),
    humans.length ? el("p", {}, "One private link per person: send each friend theirs (whoever has a link plays that seat).") : el("p", {}, "Only bots: watch them play."),
    el("ul", {}, humans.map((s) => el("li", {}, el("strong", {}, s.name), ": ",
      el("input", { value: abs(s.invite), readonly: true, size: 60, "aria-label": `Invite link for ${s.name}` }), " ",
      el("a", { class: "btn primary", href: s.invite, dataset: { seat: s.seat } }, "Take this seat")))),
    el("p", {}, "Spectators: ", el("a", { href: t.watch }, abs(t.watch))));
  $("created").classList.remove("hidden");
  listTables();
}

// The seat token this browser holds at a table (from an invite link it opened here), or null.
function mySeatToken(tableId) {
  const list = JSON.parse(localStorage.getItem(MINE) || "[]");
  for (const e of list) {
    const m = /^\/play\/([^/]+)\/([^/?#]+)/.exec(new URL(e.url, location.href).pathname);
    if (m && m[1] === tableId) return m[2];
  }
  return null;
}

// A finished game's rematch: its players start it (same seats, a new deal) or join it; anyone
// else can watch it once it has started.
function rematchControl(t) {
  const token = mySeatToken(t.id);
  const from = `?from=${encodeURIComponent(t.id)}`;
  if (t.rematch) {
    return el("a", { href: (token ? `/play/${t.rematch}/${token}` : `/watch/${t.rematch}`) + from, dataset: { rematch: t.id } },
      token ? "play the rematch" : "watch the rematch");
  }
  if (!token) return null;
  return el("button", {
    type: "button", class: "linkish", dataset: { rematch: t.id },
    onclick: async (ev) => {
      ev.target.disabled = true;
      try {
        const r = await api(`/api/tables/${t.id}/rematch`, { method: "POST", body: { token } });
        location.assign(`/play/${r.id}/${token}${from}`);
      } catch (e) { ev.target.disabled = false; showError(e.message); }
    },
  }, "rematch");
}

// A finished (or stopped) game: its replay, its record, its rematch.
function finishedLinks(t) {
  const rematch = rematchControl(t);
  return [" · ", el("a", { href: `/replay/${t.id}` }, "replay"), " · ", el("a", { href: `/api/tables/${t.id}/record` }, "record"),
    rematch ? [" · ", rematch] : null];
}

function tableList(rows) {
  if (!rows.length) return el("p", { class: "muted" }, "none");
  return el("table", { class: "list" }, el("thead", {}, el("tr", {}, el("th", {}, "Table"), el("th", {}, "Game"), el("th", {}, "Seats"), el("th", {}, "Status"), el("th", {}, ""))),
    el("tbody", {}, rows.map((t) => el("tr", {},
      el("td", {}, el("code", {}, t.id)), el("td", {}, t.kind === "sheet" ? `${t.game} score sheet` : t.game),
      el("td", {}, t.seats.map((s) => s.name + (s.present === false ? " (away)" : "")).join(", ") + (t.fixed_deal ? " · fixed deal" : "")),
      el("td", {}, t.status === "finished" ? (t.result || "finished") : "playing"),
      el("td", {}, t.kind === "sheet" ? el("a", { href: `/sheet/${t.id}` }, "view")
        : [el("a", { href: `/watch/${t.id}` }, "watch"), t.status !== "open" ? finishedLinks(t) : null])))));
}

async function listTables() {
  try {
    $("open").replaceChildren(tableList(await api("/api/tables?status=open")));
    $("finished").replaceChildren(tableList(await api("/api/tables?status=finished")));
  } catch (e) { showError(e.message); }
}

async function createSheet(ev) {
  ev.preventDefault();
  showError("");
  const names = $("sheet-names").value.split(",").map((s) => s.trim()).filter(Boolean);
  const body = { game: $("sheet-game").value, names };
  if ($("sheet-handicap").value) body.handicap = $("sheet-handicap").value;
  try {
    const s = await api("/api/sheets", { method: "POST", body });
    remember({ url: s.edit, label: `score sheet ${s.id} (${names.join(", ")})` });
    location.href = s.edit;
  } catch (e) { showError(e.message); }
}

async function start() {
  games = await api("/api/games");
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.id, selected: g.id === "warp99" }, g.title.split(":")[0] + ` (${g.id})`)));
  $("game").addEventListener("change", fillPlayers);
  $("players").addEventListener("change", fillSeats);
  $("new-table").addEventListener("submit", create);
  $("new-sheet").addEventListener("submit", createSheet);
  fillPlayers();
  showMine();
  listTables();
}

start().catch((e) => showError(e.message));
