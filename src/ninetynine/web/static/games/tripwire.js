// Tripwire: the three docks, the Attack Wave, the side pile, hands and skips.
// Card kinds: 0-29 Teal/Purple/Orange 1-10 (colour = kind / 10), 30-37 Grey 2-9, 38 Vector,
// 39 Volt, 40 Stasis, 41 [+], 42 [-], 43 Null.
import { el, legalMap } from "/static/common.js";

const COLOR_LETTERS = ["T", "P", "O"];
const COLOR_NAMES = ["Teal", "Purple", "Orange"];
const SPECIAL = { 38: "Vec", 39: "Volt", 40: "Stasis", 41: "Plus", 42: "Minus", 43: "Null" };

export function cardText(k) {
  if (k < 30) return `${COLOR_LETTERS[Math.floor(k / 10)]}${(k % 10) + 1}`;
  if (k < 38) return `G${k - 28}`;
  return SPECIAL[k];
}
function cardName(k) {
  if (k < 30) return `${COLOR_NAMES[Math.floor(k / 10)]} ${(k % 10) + 1}`;
  if (k < 38) return `Grey ${k - 28}`;
  return { 38: "Vector", 39: "Volt", 40: "Stasis", 41: "[+]", 42: "[-]", 43: "Null" }[k];
}
function cls(k) {
  if (k < 30) return `t-${COLOR_LETTERS[Math.floor(k / 10)]}`;
  if (k < 38) return "t-G";
  return k <= 40 ? "t-wild" : "t-neutral";
}
function card(k, attrs = {}, size = "") {
  const tag = attrs.onclick ? "button" : "span";
  return el(tag, { class: `card ${cls(k)} ${size}`.trim(), title: cardName(k), "aria-label": cardName(k), type: tag === "button" ? "button" : null, "data-fx": cardText(k), ...attrs }, cardText(k));
}
// "Vec6>3" -> {card: "Vec", dock: 3}; "T7>1" -> {card: "T7", dock: 1}
function parseMove(text) {
  const m = /^(.+)>(\d)$/.exec(text);
  if (!m) return null;
  const c = m[1].startsWith("Vec") ? "Vec" : m[1];
  return { card: c, dock: Number(m[2]), as: m[1] };
}

export default {
  render(root, v, ui) {
    const o = v.observation;
    const legal = legalMap(v);
    const sel = ui.selection;
    const selMoves = [...legal].map(([t, id]) => ({ ...parseMove(t), id, text: t })).filter((m) => m.card && m.card === sel);
    const pick = (id) => () => { ui.selection = null; ui.move(id); };

    const docks = el("div", { class: "row", style: "gap:1rem" }, o.docks.map((d) => {
      const here = selMoves.filter((m) => m.dock === d.dock);
      const top = d.stack.length ? d.stack[d.stack.length - 1] : null;
      return el("div", { class: `dock target${here.length ? " can" : ""}`, dataset: { target: `dock${d.dock}`, fxZone: `dock${d.dock}` } },
        el("div", { class: "muted" }, `Dock ${d.dock} · marker ${COLOR_NAMES[d.marker]}`),
        el("div", { class: "row" },
          top === null ? null : card(top, {}, "big"),
          el("div", {}, d.value ? `${COLOR_NAMES[d.color]} ${d.value}` : "empty", el("br"), el("span", { class: "muted" }, `${d.stack.length} card${d.stack.length === 1 ? "" : "s"}`))),
        here.length ? el("div", { class: "row" }, here.map((m) => el("button", { type: "button", class: "primary", dataset: { move: m.text }, onclick: pick(m.id) }, m.as === m.card ? `play here` : `as ${m.as.slice(3)}`))) : null);
    }));

    const w = o.wave;
    const wave = w ? el("div", { class: "notice", role: "status" },
      `Attack Wave from ${ui.seatName(w.initiator)}: ${w.remaining} of ${w.units} units left, now at ${ui.seatName(w.target)}`) : null;
    const t = o.this_turn || {};
    const info = el("div", { class: "muted" },
      `Draw pile ${o.draw_size} · side pile ${o.side_pile.length} · turn ${o.turn}` +
      (o.bonus_turn ? " · bonus turn" : "") + (t.played ? ` · ${t.played} played this turn` : "") +
      (t.units ? ` · ${t.units} penalty unit${t.units === 1 ? "" : "s"} pending` : ""));
    const events = (o.events || []).length ? el("p", { class: "muted" }, "Last: " + o.events.map((e) => e.effect || e.type).join(", ")) : null;

    const players = el("div", { class: "grid-players" }, o.hand_sizes.map((n, p) =>
      el("div", { class: `player${p === o.current_player ? " current" : ""}${p === v.seat ? " me" : ""}`, dataset: { player: p } },
        el("h3", {}, ui.seatName(p), p === v.seat ? " (you)" : ""),
        el("div", {}, n === 1 ? "1 card" : `${n} cards`, o.skips[p] ? ` · skips ${o.skips[p]} turn${o.skips[p] === 1 ? "" : "s"}` : ""))));

    let hand = null;
    if (o.hand) {
      const cards = o.hand.map((k) => {
        const text = cardText(k);
        const can = [...legal.keys()].some((m) => { const p = parseMove(m); return p && p.card === text; });
        if (!can) return card(k, { dataset: { card: text } });
        return card(k, { class: `card ${cls(k)} playable${sel === text ? " selected" : ""}`, dataset: { card: text },
          "aria-pressed": sel === text ? "true" : "false", onclick: () => { ui.selection = sel === text ? null : text; ui.redraw(); } });
      });
      hand = el("div", {}, el("h2", {}, "Your hand"), el("div", { class: "cardrow", "aria-label": "Your hand", dataset: { fxZone: "hand" } }, cards),
        sel ? el("p", { class: "muted" }, `${sel}: choose a dock above`) : null);
    }
    const words = { null: "Play a Null (cancel one unit)", take: "Take the hit", draw: "Draw (no valid play)", end: "End the turn" };
    const buttons = el("div", { class: "row" }, Object.keys(words).filter((k) => legal.has(k)).map((k) =>
      el("button", { type: "button", class: k === "end" ? "primary" : "", dataset: { move: k }, onclick: pick(legal.get(k)) }, words[k])));
    root.append(...[docks, info, wave, events, buttons, hand, el("h2", {}, "Players"), players].filter(Boolean));
  },
};
