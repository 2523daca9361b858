// Warp 99 (and Ninety Nine, same table): rule cards, the two discard piles, every personal
// row, hands, scores and deck counts. A card shows its colour *and* its letter and value
// (R7 = red 7), so colour is never the only cue.
import { el, legalMap } from "/static/common.js";

const LETTERS = "RYGALPOBTK";
const COLORS = ["red", "yellow", "green", "gray", "light blue", "purple", "orange", "blue", "tan", "pink"];

export const cardText = (c) => `${LETTERS[Math.floor(c / 11)]}${c % 11}`;
export const cardName = (c) => `${COLORS[Math.floor(c / 11)]} ${c % 11}`;

function card(c, size = "", attrs = {}) {
  const letter = LETTERS[Math.floor(c / 11)];
  const tag = attrs.onclick ? "button" : "span";
  return el(tag, {
    class: `card w-${letter} ${size}`.trim(), title: cardName(c), "aria-label": cardName(c),
    type: tag === "button" ? "button" : null, "data-fx": cardText(c), ...attrs,
  }, cardText(c), size === "big" ? el("small", {}, COLORS[Math.floor(c / 11)]) : null);
}

// Moves of one hand card: "R7" (row), "R7>1", "R7>2".
function movesOf(legal, text) {
  const out = {};
  for (const [m, id] of legal) {
    if (m === text) out.row = id;
    else if (m === `${text}>1`) out.pile1 = id;
    else if (m === `${text}>2`) out.pile2 = id;
  }
  return out;
}

const PHASES = {
  row: "Action A: put one card into your row (or score the row first)",
  discard: "Action B: play cards on the discard piles, then end the turn",
  extra_card: "Double match: take the extra card?",
  over: "Game over",
};

export default {
  render(root, v, ui) {
    const o = v.observation;
    const legal = legalMap(v);
    const me = v.seat;
    const myTurn = legal.size > 0;
    const sel = ui.selection;
    const selMoves = sel ? movesOf(legal, sel) : {};
    const pick = (id) => () => { ui.selection = null; ui.move(id); };

    // rule cards
    const rules = el("div", { class: "row", "aria-label": "Rule cards" }, o.rules.map((r, i) =>
      el("div", { class: "rulecard", dataset: { rule: i + 1, fxFlip: `rule${i + 1}`, value: o.rule_sides[i] } }, `${i + 1}. ${r}`,
        el("small", { class: "muted" }, ` (side ${o.rule_sides[i]})`),
        legal.has(`flip${i + 1}`) ? el("button", { type: "button", dataset: { move: `flip${i + 1}` },
          onclick: pick(legal.get(`flip${i + 1}`)) }, "Flip") : null)));

    // discard piles
    const piles = el("div", { class: "row" }, o.piles.map((p, i) => {
      const key = `pile${i + 1}`;
      const can = selMoves[key] !== undefined;
      const top = p.length ? card(p[p.length - 1], "big") : el("span", { class: "muted" }, "empty");
      return el("div", {
        class: `target${can ? " can" : ""}`, dataset: { target: key, fxZone: key },
        role: can ? "button" : null, tabindex: can ? 0 : null,
        "aria-label": `Discard pile ${i + 1}` + (can ? `: play ${sel} here` : ""),
        onclick: can ? pick(selMoves[key]) : null,
        onkeydown: can ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(selMoves[key])(); } } : null,
      }, el("div", { class: "muted" }, `Pile ${i + 1} · ${p.length} card${p.length === 1 ? "" : "s"}`), top);
    }));

    const info = el("div", { class: "muted" },
      `Reserve deck ${o.reserve_size} · reserve discard ${o.reserve_discard.length} · turn ${o.turn} · target ${o.target}`);
    const phase = myTurn ? el("p", { class: "pill", dataset: { phase: o.phase } }, PHASES[o.phase] || o.phase) : null;

    // players
    const players = el("div", { class: "grid-players" }, o.rows.map((row, p) => {
      const isMe = p === me;
      const canRow = isMe && selMoves.row !== undefined;
      const rowBox = el("div", {
        class: `cardrow target${canRow ? " can" : ""}`, dataset: isMe ? { target: "row", fxZone: `row${p}` } : { fxZone: `row${p}` },
        role: canRow ? "button" : null, tabindex: canRow ? 0 : null,
        "aria-label": `${ui.seatName(p)} personal row` + (canRow ? `: put ${sel} here` : ""),
        onclick: canRow ? pick(selMoves.row) : null,
        onkeydown: canRow ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); pick(selMoves.row)(); } } : null,
      }, row.length ? row.map((c) => card(c, "mini")) : el("span", { class: "muted" }, "empty row"));
      const revealed = o.revealed[p] && o.revealed[p].length
        ? el("div", { dataset: { fxZone: `revealed${p}` } }, el("span", { class: "muted" }, "revealed hand: "), o.revealed[p].map((c) => card(c, "mini"))) : null;
      return el("div", { class: `player${p === o.current_player ? " current" : ""}${isMe ? " me" : ""}`, dataset: { player: p } },
        el("h3", {}, ui.seatName(p), isMe ? " (you)" : ""),
        el("div", {}, el("strong", { dataset: { score: p, fxCount: `score${p}`, value: o.scores[p] } }, `${o.scores[p]} point${o.scores[p] === 1 ? "" : "s"}`),
          el("span", { class: "muted" }, ` · needs ${Math.max(0, o.target - o.scores[p])}`)),
        el("div", { class: "muted" }, `deck ${o.deck_sizes[p]} · hand ${o.hand_sizes[p]} · row of ${row.length} = ${row.length * row.length}`),
        rowBox, revealed);
    }));

    // my hand
    let hand = null;
    if (o.hand) {
      const cards = o.hand.map((c) => {
        const t = cardText(c);
        if (!myTurn) return card(c, "", { dataset: { card: t } });
        const ms = movesOf(legal, t);
        const playable = Object.keys(ms).length > 0;
        return card(c, "", {
          class: `card w-${t[0]}${playable ? " playable" : ""}${sel === t ? " selected" : ""}`,
          dataset: { card: t }, "aria-pressed": sel === t ? "true" : "false",
          disabled: playable ? null : true,
          onclick: () => { ui.selection = sel === t ? null : t; ui.redraw(); },
        });
      });
      const choice = sel ? el("div", { class: "row", "aria-label": `Moves for ${sel}` },
        el("span", {}, `${sel}: `),
        selMoves.row !== undefined ? el("button", { type: "button", class: "primary", dataset: { move: sel }, onclick: pick(selMoves.row) }, "into your row") : null,
        selMoves.pile1 !== undefined ? el("button", { type: "button", class: "primary", dataset: { move: `${sel}>1` }, onclick: pick(selMoves.pile1) }, "on pile 1") : null,
        selMoves.pile2 !== undefined ? el("button", { type: "button", class: "primary", dataset: { move: `${sel}>2` }, onclick: pick(selMoves.pile2) }, "on pile 2") : null,
      ) : null;
      hand = el("div", {}, el("h2", {}, "Your hand"), el("div", { class: "cardrow", "aria-label": "Your hand", dataset: { fxZone: "hand" } }, cards), choice);
    }

    // turn buttons
    const labels = {
      score: () => { const r = o.rows[me] || []; return `Score your row (${r.length * r.length} points)`; },
      end: () => "End the turn (draw back to 6)",
      take: () => "Take the extra card",
      decline: () => "Decline the extra card",
    };
    const buttons = el("div", { class: "row" }, Object.keys(labels).filter((k) => legal.has(k)).map((k) =>
      el("button", { type: "button", class: k === "end" || k === "take" ? "primary" : "", dataset: { move: k }, onclick: pick(legal.get(k)) }, labels[k]())));

    root.append(...[rules, el("div", { class: "row", style: "margin:.6rem 0; gap:1.5rem" }, piles, info), phase, buttons, hand, el("h2", {}, "Players"), players].filter(Boolean));
  },
};
