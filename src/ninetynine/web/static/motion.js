// Motion on the table: cards travel from hand to row, pile or dock, dice roll, a score that
// changed shows by how much. Plain Web Animations (no library), FLIP style: the new state is
// drawn at once, in full; then each moved element is measured where it was (First) and where
// it is (Last), and animated from the Inverted offset back to its own place (Play). Only
// `transform` and `opacity` are animated, so nothing waits for an animation, nothing is hidden
// or delayed, and the final layout (and every click target) is the new state's from the first
// frame. With reduced motion nothing moves at all.
//
// What a game's drawing marks (see games/*.js):
//   data-fx="R7"           a card (its face: the same face on both sides of a move is one card)
//   data-fx-zone="hand"    where a card lies (a hand, a row, a pile, a dock, a lane ...)
//   data-fx-count="s0"     a number that may change (data-value: its value), e.g. a score
//   data-fx-die="2"        a die (data-value: its face), inside data-fx-roll="<roll id>"
//   data-fx-mark="0:3,4"   a mark on a sheet (a new one is stamped on)
//   data-fx-flip="rule1"   a two-sided thing (data-value: its side): turning over, it flips
//   data-player="1"        a seat's box: a card nobody saw before comes from its mover's box

const KEY = "ninetynine.motion"; // "reduce" | "full"; unset: the system's prefers-reduced-motion
const media = typeof matchMedia === "function" ? matchMedia("(prefers-reduced-motion: reduce)") : null;
export const DURATION = 420; // ms a card travels
const MAX_ANIMATIONS = 40; // one update never starts more than this (a big redraw stays cheap)

/** The choice kept in this browser ("reduce" / "full"), or null: the system decides. */
export function motionChoice() {
  const v = localStorage.getItem(KEY);
  return v === "reduce" || v === "full" ? v : null;
}

/** Whether motion is off here: chosen in this browser, else the system's setting. */
export function reducedMotion() {
  const c = motionChoice();
  if (c) return c === "reduce";
  return Boolean(media && media.matches);
}

/** Keep the reader's choice (``true``: reduce motion) and mark the page for the CSS. */
export function setReducedMotion(reduce) {
  localStorage.setItem(KEY, reduce ? "reduce" : "full");
  markPage();
}

/** ``<html data-motion="reduce|full">``: the reader's own choice in this browser (none: the
 * attribute is absent and the style sheet's prefers-reduced-motion rule alone decides); the
 * style sheet drops its transitions on "reduce". */
export function markPage() {
  const c = motionChoice();
  if (c) document.documentElement.dataset.motion = c;
  else delete document.documentElement.dataset.motion;
}

// a box in page coordinates: a scroll between the capture and the animation changes nothing
function pageRect(node) {
  const r = node.getBoundingClientRect();
  return { left: r.left + scrollX, top: r.top + scrollY, width: r.width, height: r.height };
}

function zoneOf(node) {
  const z = node.closest("[data-fx-zone]");
  return z ? z.dataset.fxZone : "";
}

/** What is on the board now: every card's place, every counted number, the dice. Call it just
 * before the board is redrawn; pass the result to :func:`play` just after. */
export function capture(root) {
  const cards = [];
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-fx]")) {
    const zone = zoneOf(node);
    const face = node.dataset.fx;
    const k = `${zone}|${face}`;
    const i = seen.get(k) || 0;
    seen.set(k, i + 1);
    cards.push({ zone, face, key: `${k}|${i}`, rect: pageRect(node) });
  }
  const counts = new Map();
  for (const node of root.querySelectorAll("[data-fx-count]")) counts.set(node.dataset.fxCount, Number(node.dataset.value));
  const rolls = new Map();
  for (const node of root.querySelectorAll("[data-fx-roll]")) rolls.set(node.dataset.fxRoll, true);
  const sides = new Map();
  for (const node of root.querySelectorAll("[data-fx-flip]")) sides.set(node.dataset.fxFlip, node.dataset.value);
  const marks = new Set([...root.querySelectorAll("[data-fx-mark]")].map((n) => n.dataset.fxMark));
  const players = new Map();
  for (const node of root.querySelectorAll("[data-player]")) {
    if (!players.has(node.dataset.player)) players.set(node.dataset.player, pageRect(node));
  }
  return { cards, counts, rolls, marks, sides, players };
}

const moved = (a, b) => Math.abs(a.left - b.left) > 1 || Math.abs(a.top - b.top) > 1;

function fly(node, from, delay = 0) {
  const to = pageRect(node);
  if (!to.width || !to.height) return null;
  const dx = from.left + from.width / 2 - (to.left + to.width / 2);
  const dy = from.top + from.height / 2 - (to.top + to.height / 2);
  const s = Math.max(0.35, Math.min(2.5, from.width / to.width));
  return node.animate(
    [{ transform: `translate(${dx}px, ${dy}px) scale(${s})`, zIndex: 5 }, { transform: "none", zIndex: 5 }],
    { duration: DURATION, delay, easing: "cubic-bezier(.2,.75,.25,1)", fill: "backwards" },
  );
}

/** Animate the board from ``before`` (a :func:`capture`) to what is drawn now.
 *
 * ``mover``: the seat that made the move (a card no one saw before, e.g. from a hidden hand,
 * comes from that seat's box); ``me``: this page's seat (its new hand cards come from its own
 * box, its deck). Returns the animations started (none with reduced motion). */
export function play(root, before, { mover = null, me = null } = {}) {
  if (!before || reducedMotion() || document.hidden || typeof Element.prototype.animate !== "function") return [];
  const out = [];
  const add = (a) => { if (a && out.length < MAX_ANIMATIONS) out.push(a); else if (a) a.finish(); };

  // cards: same place key -> slide (FLIP); a face that left one zone and shows up in another
  // -> travel between them; a face no one had seen -> from its mover's (or my) box
  const old = new Map(before.cards.map((c) => [c.key, c]));
  const kept = new Set();
  const arrivals = [];
  const seen = new Map();
  for (const node of root.querySelectorAll("[data-fx]")) {
    const zone = zoneOf(node);
    const k = `${zone}|${node.dataset.fx}`;
    const i = seen.get(k) || 0;
    seen.set(k, i + 1);
    const key = `${k}|${i}`;
    const was = old.get(key);
    if (was) {
      kept.add(key);
      const now = pageRect(node);
      if (moved(was.rect, now)) add(fly(node, was.rect));
    } else {
      arrivals.push({ node, zone, face: node.dataset.fx });
    }
  }
  const left = before.cards.filter((c) => !kept.has(c.key)); // gone from where they were
  let stagger = 0;
  for (const a of arrivals) {
    const j = left.findIndex((c) => c.face === a.face && c.zone !== a.zone);
    let from = null;
    if (j >= 0) {
      from = left[j].rect;
      left.splice(j, 1);
    } else {
      const seat = a.zone === "hand" && me !== null ? me : mover;
      const box = seat === null ? null : before.players.get(String(seat));
      if (box) from = { left: box.left + box.width / 2 - 10, top: box.top + 10, width: 20, height: 28 };
    }
    if (from) add(fly(a.node, from, Math.min(stagger, 240)));
    else add(a.node.animate([{ opacity: 0, transform: "scale(.6)" }, { opacity: 1, transform: "none" }], { duration: 260, fill: "backwards" }));
    stagger += 40;
  }

  // dice: a new roll tumbles every die (each shows its final face from the first frame)
  for (const box of root.querySelectorAll("[data-fx-roll]")) {
    if (before.rolls.has(box.dataset.fxRoll)) continue;
    box.querySelectorAll("[data-fx-die]").forEach((d, n) => add(d.animate([
      { transform: "translateY(-14px) rotate(-200deg) scale(.7)" },
      { transform: "translateY(3px) rotate(15deg) scale(1.08)", offset: 0.7 },
      { transform: "none" },
    ], { duration: 560, delay: n * 45, easing: "ease-out", fill: "backwards" })));
  }

  // marks on a sheet: a new X is stamped on
  for (const node of root.querySelectorAll("[data-fx-mark]")) {
    if (before.marks.has(node.dataset.fxMark)) continue;
    add(node.animate([{ opacity: 0, transform: "scale(2.2) rotate(-25deg)" }, { opacity: 1, transform: "none" }],
      { duration: 380, easing: "cubic-bezier(.3,1.4,.5,1)", fill: "backwards" }));
  }

  // two-sided things turned over (a Warp 99 rule card, ONO 99's direction): a flip
  for (const node of root.querySelectorAll("[data-fx-flip]")) {
    const was = before.sides.get(node.dataset.fxFlip);
    if (was === undefined || was === node.dataset.value) continue;
    add(node.animate([{ transform: "perspective(600px) rotateY(90deg)" }, { transform: "none" }],
      { duration: 450, easing: "ease-out" }));
  }

  // numbers: the new value is shown at once; a "+16" rises beside it and the number pulses
  for (const node of root.querySelectorAll("[data-fx-count]")) {
    const was = before.counts.get(node.dataset.fxCount);
    const now = Number(node.dataset.value);
    if (was === undefined || Number.isNaN(was) || Number.isNaN(now) || was === now) continue;
    add(node.animate([{ transform: "scale(1.35)", color: "#1b6e20" }, { transform: "none" }], { duration: 700, easing: "ease-out" }));
    const d = now - was;
    const badge = document.createElement("span");
    badge.className = `fx-delta ${d > 0 ? "up" : "down"}`;
    badge.setAttribute("aria-hidden", "true");
    badge.textContent = d > 0 ? `+${d}` : `−${-d}`;
    // beside the number, not inside it: the number's text stays exactly the new state's
    const r = node.getBoundingClientRect();
    badge.style.left = `${r.right + scrollX + 4}px`;
    badge.style.top = `${r.top + scrollY + r.height / 2 - 12}px`;
    document.body.append(badge);
    const a = badge.animate([{ opacity: 0, transform: "translateY(6px)" }, { opacity: 1, transform: "translateY(-4px)", offset: 0.25 },
      { opacity: 0, transform: "translateY(-22px)" }], { duration: 1400, easing: "ease-out" });
    a.onfinish = () => badge.remove();
    a.oncancel = () => badge.remove();
    add(a);
  }
  document.body.dataset.animations = String(Number(document.body.dataset.animations || 0) + out.length);
  return out;
}
