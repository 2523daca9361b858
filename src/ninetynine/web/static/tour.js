// A first-game tour of Warp 99: the three actions of a turn explained on the live table, each
// beside the part of the table it is about (outlined). Shown once to a seat on its first Warp 99
// table (kept in this browser), dismissible at any step (Escape, or "Skip the tour"), played by
// keyboard as by mouse, and opened again from the help button. It never blocks the table: the
// seat can play while it is open.
import { el } from "/static/common.js";

const SEEN = "ninetynine.tour.warp99";

// Warp 99 rulebook § Action A, § Action B (with "What If I Match 2 or 3 Rules?", "What If I Run
// Out of Hand Cards in Action B?", "What If I Can't Play Any Cards for Action B?") and § Action C
// (with "Personal Pile Empty? Score 15 Points!"), in short.
export const STEPS = [
  {
    title: "Action A: one card into your row",
    text: "Put exactly 1 card from your hand into your personal row. The row rises in value from " +
      "left to right and holds no colour twice. Before placing, you may score the row: the number " +
      "of its cards squared (4 cards: 16 points). If no card fits, you must score and clear it. " +
      "Click a card of your hand, then your row.",
    targets: ['[aria-label="Your hand"]', '[data-target="row"]'],
  },
  {
    title: "Action B: play to the 2 discard piles",
    text: "Play as many cards as you like onto the 2 discard piles, one at a time. A card and the " +
      "pile's top card together must follow at least 1 of the 3 rule cards. Match 2 or 3 rules " +
      "at once: take 1 extra card and go on. Empty your hand: draw back to 6 and start again " +
      "with Action A. Cannot play any card at all? Once a turn you may flip a rule card.",
    targets: ['[aria-label="Rule cards"]', '[data-target="pile1"]', '[data-target="pile2"]'],
  },
  {
    title: "Action C: refill your hand",
    text: "End the turn: draw from your personal deck back up to 6 cards. Each time that deck " +
      "runs out you score 15 points (and get 15 new cards). The first player to reach 99 points " +
      "wins at once.",
    targets: ['[data-move="end"]', ".player.me"],
  },
];

let box = null;
let board = null;
let at = 0;
let returnFocus = null;

/** The tour's part of the page: for Warp 99 the help button (``help``, holding ``button``);
 * a seat (``seat``) that has not seen the tour in this browser gets it at once. */
export function setup({ game, seat, board: boardEl, button, help }) {
  if (game !== "warp99") return;
  board = boardEl;
  help.classList.remove("hidden");
  button.addEventListener("click", () => open(0));
  // Escape closes the open tour wherever the focus is (after a move it is on the table)
  document.addEventListener("keydown", (e) => {
    if (e.key === "Escape" && box && !box.classList.contains("hidden") && !e.defaultPrevented) { e.preventDefault(); close(); }
  });
  if (seat && localStorage.getItem(SEEN) !== "seen") open(0);
}

function open(step) {
  returnFocus = document.activeElement;
  at = step;
  if (!box) {
    box = el("div", {
      id: "tour", class: "panel tour", role: "dialog", "aria-modal": "false",
      "aria-labelledby": "tour-title", "aria-describedby": "tour-text",
      onkeydown: (e) => {
        if (e.key === "ArrowRight") { e.preventDefault(); go(at + 1); }
        else if (e.key === "ArrowLeft") { e.preventDefault(); go(at - 1); }
      },
    });
    const panel = board.closest(".panel");
    panel.parentNode.insertBefore(box, panel);
  }
  box.classList.remove("hidden");
  draw();
  box.querySelector("#tour-next").focus();
}

function go(step) {
  if (step < 0) return;
  if (step >= STEPS.length) { close(); return; }
  at = step;
  draw();
  box.querySelector("#tour-next").focus();
}

function draw() {
  const s = STEPS[at];
  const last = at === STEPS.length - 1;
  box.dataset.step = String(at + 1);
  box.replaceChildren(
    el("div", { class: "muted small" }, `First game? The three actions of a turn · ${at + 1} of ${STEPS.length}`),
    el("h2", { id: "tour-title" }, s.title),
    el("p", { id: "tour-text" }, s.text),
    el("div", { class: "row" },
      el("button", { type: "button", id: "tour-back", disabled: at === 0 ? true : null, onclick: () => go(at - 1) }, "Back"),
      el("button", { type: "button", id: "tour-next", class: "primary", onclick: () => go(at + 1) }, last ? "Start playing" : "Next"),
      el("button", { type: "button", id: "tour-close", onclick: close }, "Skip the tour"),
      el("span", { class: "muted small" }, "Esc closes it; the help button below the log opens it again.")));
  refresh();
}

function close() {
  localStorage.setItem(SEEN, "seen");
  if (box) box.classList.add("hidden");
  refresh();
  const back = returnFocus && document.contains(returnFocus) && returnFocus !== document.body ? returnFocus : null;
  (back || (board && board.querySelector("button.card.playable, button[data-move]")) || document.getElementById("tour-btn")).focus();
}

/** Outline the parts of the table the open step is about (called after every redraw). */
export function refresh() {
  if (!board) return;
  for (const n of document.querySelectorAll(".tour-focus")) n.classList.remove("tour-focus");
  if (!box || box.classList.contains("hidden")) return;
  for (const sel of STEPS[at].targets) for (const n of board.querySelectorAll(sel)) n.classList.add("tour-focus");
}
