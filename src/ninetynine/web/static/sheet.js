// The paper score sheet of Warp 99 / Ninety Nine: rows of N (N x N points) and emptied decks (15).
import { el, api } from "/static/common.js";

const parts = location.pathname.split("/").filter(Boolean); // sheet/<id>[/<token>]
const id = parts[1];
const token = parts[2] || null;
const $ = (x) => document.getElementById(x);
function showError(m) { $("error").textContent = m; $("error").classList.toggle("hidden", !m); }

function draw(s) {
  $("subtitle").textContent = `${s.game} score sheet ${id}`;
  $("totals").replaceChildren(
    el("thead", {}, el("tr", {}, el("th", {}, "Player"), el("th", {}, "Start"), el("th", {}, "Total"), el("th", {}, `Still needs (to ${s.target})`))),
    el("tbody", {}, s.names.map((n, i) => el("tr", { dataset: { player: i }, style: s.winner === i ? "font-weight:800;background:#d8f5d0" : "" },
      el("td", {}, n, s.winner === i ? " — winner" : ""), el("td", {}, s.start[i]),
      el("td", { dataset: { total: i } }, s.totals[i]), el("td", { dataset: { needed: i } }, s.needed[i])))));
  $("entries").replaceChildren(...s.entries.map((e) => el("li", {}, `${s.names[e.player]}: ${e.what}, +${e.points} → ${e.total}`)));
  const won = s.winner !== null && s.winner !== undefined;
  $("winner").textContent = won ? `${s.names[s.winner]} reaches ${s.totals[s.winner]} and wins!` : "";
  $("winner").classList.toggle("hidden", !won);
  if ($("player").options.length !== s.names.length) {
    $("player").replaceChildren(...s.names.map((n, i) => el("option", { value: i }, n)));
    $("what").replaceChildren(
      ...Array.from({ length: 10 }, (_, k) => el("option", { value: `row:${k + 1}` }, `row of ${k + 1} (${(k + 1) * (k + 1)} points)`)),
      el("option", { value: "deck" }, "deck emptied (15 points)"));
  }
  $("entry").querySelector("button[type=submit]").disabled = won;
}

async function load() {
  try { draw(await api(`/api/sheets/${id}`)); } catch (e) { showError(e.message); }
}

$("entry-panel").classList.toggle("hidden", !token);
$("entry").addEventListener("submit", async (ev) => {
  ev.preventDefault();
  showError("");
  const what = $("what").value;
  const body = { token, player: Number($("player").value) };
  if (what === "deck") body.deck = true; else body.row = Number(what.split(":")[1]);
  try {
    draw(await api(`/api/sheets/${id}/entries`, { method: "POST", body }));
    const next = (Number($("player").value) + 1) % $("player").options.length;
    $("player").value = String(next);
  } catch (e) { showError(e.message); }
});
$("undo").addEventListener("click", async () => {
  showError("");
  try { draw(await api(`/api/sheets/${id}/undo`, { method: "POST", body: { token } })); } catch (e) { showError(e.message); }
});
load();
if (!token) setInterval(load, 5000);
