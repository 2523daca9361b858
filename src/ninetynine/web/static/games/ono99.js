// ONO 99: the running total, the direction of play, who is still in, and the hand.
// Card kinds: 0-10 numbers, 11 Minus 10, 12 Reverse, 13 Play 2, 14 ONO 99; a play's action id
// is its card's kind (14: exchange the four ONO 99 cards).
import { el } from "/static/common.js";

const LABELS = { 11: "−10", 12: "Rev", 13: "P2", 14: "ONO 99" };
const NAMES = { 11: "Minus 10", 12: "Reverse", 13: "Play 2", 14: "ONO 99" };
const label = (k) => LABELS[k] ?? String(k);
const name = (k) => NAMES[k] ?? `number ${k}`;
const cls = (k) => (k <= 10 ? "o-num" : k === 14 ? "o-ono" : "o-act");

function card(k, attrs = {}, size = "") {
  const tag = attrs.onclick ? "button" : "span";
  return el(tag, { class: `card ${cls(k)} ${size}`.trim(), title: name(k), "aria-label": name(k), type: tag === "button" ? "button" : null, "data-fx": label(k), ...attrs }, label(k));
}

export default {
  render(root, v, ui) {
    const o = v.observation;
    const byId = new Map((v.legal || []).map((m) => [m.id, m.text]));
    const clockwise = o.direction === 1;
    const top = o.played.length ? o.played[o.played.length - 1] : null;

    const centre = el("div", { class: "row", style: "gap:2rem" },
      el("div", { "aria-label": "Running total" }, el("div", { class: "muted" }, "Running total"),
        el("div", { class: "big-number", dataset: { total: o.total, fxCount: "total", value: o.total } }, String(o.total), el("small", { class: "muted", style: "font-size:1rem" }, " / 99"))),
      el("div", {}, el("div", { class: "muted" }, "Direction"),
        el("div", { style: "font-size:1.6rem", "aria-label": clockwise ? "clockwise" : "counter-clockwise", dataset: { fxFlip: "direction", value: o.direction } }, clockwise ? "↻ clockwise" : "↺ counter-clockwise")),
      el("div", { dataset: { fxZone: "pile" } }, el("div", { class: "muted" }, "Last card"), top === null ? el("span", { class: "muted" }, "none") : card(top, {}, "big")),
      el("div", { class: "muted" }, `Draw pile ${o.draw_size}`, el("br"), `Round ${o.round} · turn ${o.turn + (o.ended_by ? 0 : 1)}`,
        o.play2 ? el("div", { class: "notice" }, `Play 2: ${o.play2} turn(s) owed`) : null));

    const order = [];
    for (let i = 0; i < o.num_players; i++) order.push(i);
    const seats = el("div", { class: "grid-players" }, order.map((p) => {
      const out = !o.in_game[p];
      const elim = (o.eliminations || []).find((e) => e.seat === p);
      return el("div", { class: `player${p === o.current_player ? " current" : ""}${p === v.seat ? " me" : ""}`, dataset: { player: p } },
        el("h3", {}, ui.seatName(p), p === v.seat ? " (you)" : ""),
        out ? el("div", { class: "pill" }, `out (round ${elim ? elim.round : "?"}, total ${elim ? elim.total : "?"})`)
          : el("div", {}, `${o.hand_sizes[p]} cards in hand`));
    }));

    let hand = null;
    if (o.hand) {
      hand = el("div", {}, el("h2", {}, "Your hand"), el("div", { class: "cardrow", "aria-label": "Your hand", dataset: { fxZone: "hand" } },
        o.hand.map((k) => byId.has(k)
          ? card(k, { class: `card ${cls(k)} playable`, dataset: { card: label(k), move: byId.get(k) }, title: `${name(k)}: ${byId.get(k)}`, onclick: () => ui.move(k) })
          : card(k, { dataset: { card: label(k) } }))));
    }
    const last = o.last ? el("p", { class: "muted" }, `Last: ${ui.seatName(o.last.seat)} made it ${o.last.total}`) : null;
    root.append(...[centre, last, hand, el("h2", {}, "Players"), seats].filter(Boolean));
  },
};
