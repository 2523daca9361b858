// The table page: one WebSocket to the server, the game's drawing module, the common panels.
import { el, api, seatName } from "/static/common.js";
import * as motion from "/static/motion.js";
import * as tour from "/static/tour.js";

const parts = location.pathname.split("/").filter(Boolean); // play/<id>/<token> | watch/<id>
const tableId = parts[1];
const token = parts[0] === "play" ? parts[2] : null;
const $ = (id) => document.getElementById(id);

const MANY_MOVES = 40;
let renderer = null;
let view = null;
let socket = null;
let retry = 0;
// The renderer's own UI state (a selected card ...), kept while the version is unchanged.
const ui = {
  selection: null, version: -1, move: sendMove, seatName: (i) => seatName(view, i),
  redraw: () => renderBoard(true),
};

// Draw the board; keep the keyboard focus on the same card or move (or, after a card was
// selected, on its first move), so keyboard play never loses its place.
// ``previous``: the view drawn before (a new state animates from it, see motion.js; a redraw
// of the same state, e.g. a selected card, moves nothing).
function renderBoard(selecting = false, previous = null) {
  const board = $("board");
  const before = previous && previous.version !== view.version ? motion.capture(board) : null;
  const a = document.activeElement;
  let key = null;
  if (a && board.contains(a)) {
    if (a.dataset.card) key = `[data-card="${CSS.escape(a.dataset.card)}"]`;
    else if (a.dataset.move) key = `[data-move="${CSS.escape(a.dataset.move)}"]`;
    else if (a.dataset.target) key = `[data-target="${CSS.escape(a.dataset.target)}"]`;
  }
  board.replaceChildren();
  if (!renderer || !view) return;
  renderer.render(board, view, ui);
  if (before) motion.play(board, before, { mover: previous.current_player, me: view.seat });
  tour.refresh();
  let target = null;
  if (selecting) target = board.querySelector("button.primary[data-move]");
  if (!target && key) target = board.querySelector(key) || board.querySelector("button.card.playable, button[data-move]");
  if (target) target.focus();
}

function showError(text) {
  const box = $("error");
  box.textContent = text;
  box.classList.toggle("hidden", !text);
}

function sendMove(move) {
  if (!socket || socket.readyState !== WebSocket.OPEN || !view) return;
  const msg = { type: "move", version: view.version };
  if (typeof move === "number") msg.action = move; else msg.notation = String(move);
  showError("");
  socket.send(JSON.stringify(msg));
}

function connect() {
  const proto = location.protocol === "https:" ? "wss" : "ws";
  const q = token ? `?token=${encodeURIComponent(token)}` : "";
  socket = new WebSocket(`${proto}://${location.host}/ws/tables/${tableId}${q}`);
  socket.onopen = () => { retry = 0; setOnline(true); };
  socket.onmessage = (ev) => {
    const msg = JSON.parse(ev.data);
    if (msg.type === "state") draw(msg);
    else if (msg.type === "chat") addChat(msg.messages);
    else if (msg.type === "hint") { $("hint").textContent = "Hint: " + msg.text; $("hint").classList.remove("hidden"); }
    else if (msg.type === "error") {
      if (msg.code === "bad_token" || msg.code === "not_found") fatal(msg.message);
      else if (chatPending) { chatPending = false; $("chat-error").textContent = msg.message; $("chat-error").classList.remove("hidden"); }
      else showError(msg.message);
    }
  };
  socket.onclose = (ev) => {
    if (ev.code === 4403 || ev.code === 4404) return;
    setOnline(false);
    retry = Math.min(retry + 1, 6);
    setTimeout(connect, 300 * retry);
  };
}

// While the server cannot be reached, moves are paused: nothing on the table can be clicked
// or typed (a click would go nowhere) and nothing is queued; the next state re-enables them.
function setOnline(online) {
  document.body.dataset.offline = online ? "0" : "1";
  $("conn").textContent = online ? "" : "Connection lost: moves are paused until the table is back (reconnecting…)";
  $("conn").classList.toggle("hidden", online);
  if (!online) {
    for (const b of document.querySelectorAll("#board button, #moves button, #notation-form button, #hint-btn, #notation")) b.disabled = true;
  }
}

function fatal(text) {
  $("fatal").textContent = text;
  $("fatal").classList.remove("hidden");
}

function statusLine(v) {
  if (v.terminal) return ["over", `Game over: ${v.result}`];
  const cp = v.current_player;
  if (v.seat !== null && cp === v.seat) return ["you", "Your turn"];
  const who = seatName(v, cp);
  return ["other", `${who} to move${v.present[cp] ? "" : " (away)"}`];
}

// -- optional sound (off by default; the choice is kept in this browser) -----------------
let audio = null;
function beep() {
  if (!$("sound").checked) return;
  document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  try {
    audio = audio || new AudioContext();
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 660;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.25);
  } catch { /* no audio here: the tab title still says it */ }
}

// -- an optional notification when the turn comes while the tab is in the background ------
// (opt-in: the box asks the browser's permission; the choice is kept in this browser)
const NOTIFY = "ninetynine.notify";
function notify(v) {
  if (!$("notify").checked || typeof Notification === "undefined" || Notification.permission !== "granted") return;
  if (document.visibilityState === "visible" && document.hasFocus()) return; // the page says it
  try {
    const n = new Notification("Your turn", { body: `${$("subtitle").textContent}`, tag: `ninetynine-${tableId}` });
    n.onclick = () => { window.focus(); n.close(); };
    document.body.dataset.notified = String(Number(document.body.dataset.notified || 0) + 1);
  } catch { /* a browser without page notifications: the title and sound still say it */ }
}

async function setNotify() {
  const box = $("notify");
  const note = $("notify-note");
  note.classList.add("hidden");
  if (!box.checked) { localStorage.setItem(NOTIFY, "off"); return; }
  if (typeof Notification === "undefined") {
    box.checked = false;
    note.textContent = "This browser cannot show notifications from a page.";
    note.classList.remove("hidden");
    return;
  }
  const answer = Notification.permission === "granted" ? "granted" : await Notification.requestPermission();
  if (answer !== "granted") {
    box.checked = false;
    localStorage.setItem(NOTIFY, "off");
    note.textContent = "Notifications are blocked for this site: allow them in the browser's site settings to use this.";
    note.classList.remove("hidden");
    return;
  }
  localStorage.setItem(NOTIFY, "on");
}

let turnEnds = null;
let turnWho = "";
const cp = () => view && view.current_player;
function tick() {
  const box = $("timer");
  if (turnEnds === null || (view && view.terminal)) { box.classList.add("hidden"); return; }
  const left = Math.max(0, Math.ceil((turnEnds - Date.now()) / 1000));
  const mmss = `${Math.floor(left / 60)}:${String(left % 60).padStart(2, "0")}`;
  box.textContent = turnWho === "you"
    ? `${mmss} left for your move (then greedy plays it for you)`
    : `${mmss} left for ${turnWho}`;
  box.dataset.left = String(left);
  box.classList.toggle("urgent", left <= 10);
  box.classList.remove("hidden");
}
setInterval(tick, 500);

function draw(v) {
  if (document.body.dataset.offline === "1") return; // a late message from a closed socket
  const previous = view;
  view = v;
  if (ui.version !== v.version) {
    if (ui.version >= 0) $("notation").value = "";
    ui.selection = null; ui.version = v.version; $("hint").classList.add("hidden");
  }
  document.body.dataset.version = v.version;
  document.body.dataset.terminal = v.terminal ? "1" : "0";
  const [turn, text] = statusLine(v);
  $("status").dataset.turn = turn;
  $("status").textContent = text;
  if (turn === "you" && (!previous || previous.version !== v.version)) { beep(); notify(v); }
  if (!previous || previous.version !== v.version || turn === "you") document.title = (turn === "you" ? "● " : "") + "ninetynine: " + v.game;

  // the turn timer: counted down here from the seconds left when the view was sent
  turnEnds = v.turn_left === null || v.turn_left === undefined ? null : Date.now() + 1000 * v.turn_left;
  turnWho = turn === "you" ? "you" : seatName(v, cp());
  tick();

  // seats
  $("seats").replaceChildren(...v.names.map((n, i) => el("span", {
    class: `seat-chip${i === v.current_player && !v.terminal ? " current" : ""}${v.present[i] ? "" : " away"}`,
    dataset: { seat: i },
  }, n, i === v.seat ? " (you)" : "", v.bots[i] ? " · bot" : "", v.present[i] ? "" : " — away")));

  // the game's own drawing (drawn whole at once; the motion only decorates it)
  renderBoard(false, previous);
  $("board-text").textContent = v.board_text;

  // moves
  const mine = v.legal.length > 0;
  $("moves-panel").classList.toggle("hidden", v.seat === null);
  const buttons = mine ? v.legal.map((m) => el("button", {
    type: "button", dataset: { move: m.text, action: m.id }, onclick: () => sendMove(m.id),
  }, m.text)) : [el("span", { class: "muted" }, v.terminal ? "The game is over." : "Not your turn.")];
  // Hundreds of moves (Sixto's Kris-Kras marks) stay folded: the table is the way to choose.
  $("moves").replaceChildren(...(buttons.length > MANY_MOVES
    ? [el("details", {}, el("summary", {}, `${buttons.length} moves: choose on the table, or open the list`),
      el("div", { class: "row moves" }, buttons))] : buttons));
  $("notation").disabled = !mine;
  $("hint-btn").classList.toggle("hidden", !(v.has_hint && mine));

  // log
  $("log").replaceChildren(...v.log.map((e) => el("li", { value: e.n },
    el("strong", {}, seatName(v, e.seat)), ": ", el("code", {}, e.move),
    e.events.length ? el("span", { class: "ev" }, " — " + e.events.join("; ")) : "")));
  $("log").scrollTop = $("log").scrollHeight;

  // rematch: any seat of a finished game starts it (the same for all); everyone is told
  const over = v.terminal || Boolean(v.result);
  $("rematch-panel").classList.toggle("hidden", !over || (v.seat === null && !v.rematch));
  $("rematch-btn").classList.toggle("hidden", !over || v.seat === null || Boolean(v.rematch));
  if (v.rematch) {
    $("rematch-text").textContent = "A rematch has started: same seats, a new deal.";
    $("rematch-go").href = rematchUrl(v.rematch);
    $("rematch-go").classList.remove("hidden");
  }

  // record
  if (v.terminal) {
    const a = $("record");
    a.href = `/api/tables/${tableId}/record`;
    a.classList.remove("hidden");
    $("replay-link").href = `/replay/${tableId}`;
    $("replay-link").classList.remove("hidden");
  }
}

// -- chat: plain text only (textContent), the server keeps it with the table -------------
let chatPending = false; // the last error answers our chat line
const seen = new Set();
function addChat(messages) {
  chatPending = false;
  $("chat-error").classList.add("hidden");
  for (const m of messages) {
    if (seen.has(m.n)) continue;
    seen.add(m.n);
    const when = new Date(m.time * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" });
    $("chat").append(el("li", { dataset: { seat: m.seat } }, el("strong", {}, m.name), ": ", m.text,
      el("span", { class: "ev" }, ` ${when}`)));
  }
  $("chat").scrollTop = $("chat").scrollHeight;
}

function sendChat(ev) {
  ev.preventDefault();
  const text = $("chat-text").value.trim();
  if (!text || !socket || socket.readyState !== WebSocket.OPEN) return;
  chatPending = true;
  socket.send(JSON.stringify({ type: "chat", text }));
  $("chat-text").value = "";
}

function rematchUrl(id) {
  return (token ? `/play/${id}/${token}` : `/watch/${id}`) + `?from=${encodeURIComponent(tableId)}`;
}

async function startRematch() {
  $("rematch-btn").disabled = true;
  try {
    const r = await api(`/api/tables/${tableId}/rematch`, { method: "POST", body: { token } });
    location.assign(rematchUrl(r.id));
  } catch (e) {
    $("rematch-btn").disabled = false;
    $("rematch-text").textContent = e.message;
  }
}

async function start() {
  let info;
  try {
    info = await api(`/api/tables/${tableId}`);
  } catch (e) {
    fatal(e.message);
    return;
  }
  // the game's name (its title up to the colon) and this table's target, if it has one: the
  // title's own wording ("race to 99") would be wrong for a table played to 150
  const name = (info.title || info.game).split(":")[0];
  const target = info.options && info.options.target;
  $("subtitle").textContent = `${name}${target ? ` · target ${target}` : ""} — table ${tableId}`;
  // an invite link of a table whose rematch has started opens the rematch (same seat token)
  if (info.rematch && token) {
    location.replace(rematchUrl(info.rematch));
    return;
  }
  const from = new URLSearchParams(location.search).get("from");
  if (from) {
    $("rematch-of").replaceChildren("Rematch of table ", from, ": ",
      el("a", { href: `/replay/${encodeURIComponent(from)}` }, "replay that game"), ".");
    $("rematch-of").classList.remove("hidden");
  }
  $("rematch-btn").addEventListener("click", startRematch);
  $("sound").checked = localStorage.getItem("ninetynine.sound") === "on";
  $("sound").addEventListener("change", () => {
    localStorage.setItem("ninetynine.sound", $("sound").checked ? "on" : "off");
    if ($("sound").checked) beep(); // a sample, and it unlocks audio after this click
  });
  $("notify").checked = localStorage.getItem(NOTIFY) === "on" && typeof Notification !== "undefined" && Notification.permission === "granted";
  $("notify").addEventListener("change", setNotify);
  motion.markPage();
  $("reduce-motion").checked = motion.reducedMotion();
  $("reduce-motion").addEventListener("change", () => motion.setReducedMotion($("reduce-motion").checked));
  $("chat-form").classList.toggle("hidden", !token);
  $("chat-note").textContent = token
    ? (info.spectator_chat ? "Spectators can read this chat." : "Only the players read this chat.")
    : (info.spectator_chat ? "The players' chat (only they can write)." : "The players keep their chat to themselves at this table.");
  $("chat").classList.toggle("hidden", !token && !info.spectator_chat);
  $("chat-form").addEventListener("submit", sendChat);
  $("watch").href = `/watch/${tableId}`;
  $("fixed-deal").classList.toggle("hidden", !info.fixed_deal);
  try {
    renderer = (await import(info.renderer)).default;
  } catch {
    renderer = (await import("/static/games/generic.js")).default;
  }
  fetch(`/api/games/${info.game}/rules`).then((r) => r.text()).then((t) => { $("rules").textContent = t; });
  $("notation-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    const t = $("notation").value.trim();
    // kept until the move is accepted (a new version clears it): a rejected notation can be fixed
    if (t) sendMove(t);
  });
  $("hint-btn").addEventListener("click", () => socket && socket.send(JSON.stringify({ type: "hint" })));
  tour.setup({ game: info.game, seat: token !== null, board: $("board"), button: $("tour-btn"), help: $("tour-help") });
  connect();
}

start();
