// 99 Heroes: the lanes with every seat's hero card (name, Unique Ability, skills), its active
// cards, bolsters (a count: the cards are face-down, except those this seat bolstered from its
// hand), Strength and the lane's points; the hand (each card's value and the skills it would
// trigger); what is being decided (skill activation, targets, Clash card, abilities, Bonus
// Turn); while heroes are placed, the roster to choose from and the face-down placements.
//
// The server's drawing facts (view.drawing) give the hero texts from the hero files and, per
// legal action, what it is (a pick, a play on a lane, a hero or an active card as a target, a
// card of the hand ...); every button here sends one of those legal actions.
// Cards show rank and suit symbol and letter (7♥ H), so colour is never the only cue.
import { el, useStyles } from "/static/common.js";

useStyles("/static/games/heroes99.css");

const SUITS = ["♣", "♦", "♥", "♠"];
const SUIT_LETTERS = "CDHS";
const SUIT_NAMES = ["clubs", "diamonds", "hearts", "spades"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
const LABEL_SYMBOL = { clubs: "♣", diamonds: "♦", hearts: "♥", spades: "♠" };

export const cardText = (c) => `${RANKS[c % 13]}${SUIT_LETTERS[Math.floor(c / 13)]}`;

function cardEl(c, attrs = {}, extra = null) {
  const s = Math.floor(c / 13);
  const { class: cls = "", ...rest } = attrs;
  const tag = rest.onclick ? "button" : "span";
  const label = `${RANKS[c % 13]} of ${SUIT_NAMES[s]}`;
  return el(tag, {
    title: label, "aria-label": label, type: tag === "button" ? "button" : null, "data-fx": cardText(c), ...rest,
    class: `card h-card ${s === 1 || s === 2 ? "h-red" : "h-black"} ${cls}`.trim(),
  }, el("span", {}, RANKS[c % 13], el("span", { class: "h-suit" }, SUITS[s]), el("span", { class: "h-sl" }, SUIT_LETTERS[s])), extra);
}

const skillLabel = (s) => LABEL_SYMBOL[s.label] ? `${LABEL_SYMBOL[s.label]} ${s.label}` : s.label;

function heroText(h, compact = false) {
  return el("div", { class: `h-text${compact ? " compact" : ""}` },
    el("div", {}, el("strong", {}, h.ability_name), ": ", h.ability),
    el("ul", { class: "h-skills" }, h.skills.map((s, k) => el("li", {},
      el("span", { class: "h-trigger" }, `skill${k + 1} [${skillLabel(s)}]`), " ", s.name ? el("em", {}, s.name + ": ") : null, s.text))),
    h.any_skill ? el("div", { class: "muted" }, "Any card played here may activate any of its skills.") : null);
}

export default {
  render(root, v, ui) {
    const o = v.observation;
    const f = v.drawing;
    const me = v.seat;
    const n = o.num_players;
    const L = o.lanes;
    const name = (q) => (q === me ? "you" : ui.seatName(q));
    const moves = Object.entries(f.moves || {}).map(([id, m]) => ({ id: Number(id), ...m }));
    const text = new Map((v.legal || []).map((m) => [m.id, m.text]));
    const find = (pred) => moves.filter(pred);
    const go = (id) => () => { ui.selection = null; ui.move(id); };
    const btn = (m, label, cls = "") => el("button", { type: "button", class: cls, dataset: { move: text.get(m.id) }, onclick: go(m.id) }, label);
    const sel = typeof ui.selection === "number" ? ui.selection : null;

    // what is being decided
    const pendingText = (f.pending || "").replace(/\{(\d+)\}/g, (_, q) => (Number(q) === me ? "You" : ui.seatName(Number(q))))
      .replace(/^You (\w+)s /, "You $1 ");
    const status = o.phase === "over"
      ? `Game over: ${o.winner >= 0 ? `${ui.seatName(o.winner)} wins` : "a draw"} (${ui.seatName(o.end_seat)} ${o.ended_by === "no_draw" ? "could not draw" : "could not play"})`
      : (o.phase === "pick" ? "Placing heroes face-down — " : `Turn ${o.turn}${o.bonus_turn ? " (Bonus Turn)" : ""} — `) + pendingText;
    const head = el("p", { class: "pill", dataset: { phase: o.phase } }, status);

    // the decision's buttons: skills, pass, use, bonus, order, lanes
    const bar = [];
    const p = o.pending || {};
    for (const m of moves) {
      if (m.kind === "skill") {
        const hero = f.heroes[o.heroes[me][p.lane]];
        const s = hero && hero.skills[m.k];
        bar.push(btn(m, s ? `Activate skill${m.k + 1} [${skillLabel(s)}]: ${s.text}` : text.get(m.id), "primary"));
      } else if (m.kind === "pass") {
        bar.push(btn(m, p.kind === "skill" ? "No skill (pass)" : p.kind === "bonus" ? "Decline the Bonus Turn" : p.kind === "use" ? "Do not use it" : "Pass"));
      } else if (m.kind === "use") {
        bar.push(btn(m, "Use the ability", "primary"));
      } else if (m.kind === "bonus") {
        bar.push(btn(m, "Take the Bonus Turn", "primary"));
      } else if (m.kind === "order") {
        const hero = m.hero ? f.heroes[m.hero] : null;
        bar.push(btn(m, `Resolve ${hero ? hero.name + "'s ability" : `ability ${m.k + 1}`} first`));
      } else if (m.kind === "lane") {
        bar.push(btn(m, `Lane ${m.lane + 1}`, "primary"));
      }
    }
    const clash = o.clash ? el("div", { class: "notice", role: "status" },
      `CLASH by ${ui.seatName(o.clash.actor)}: everyone in it drew a card and now discards one, face-down until all have chosen. Chosen so far: `,
      o.clash.chosen.length ? o.clash.chosen.map((q) => ui.seatName(q)).join(", ") : "nobody yet",
      o.my_clash !== undefined && o.my_clash !== null ? el("span", {}, " · your card: ", cardEl(o.my_clash, { class: "mini" })) : null) : null;

    // a hero in a lane (or its face-down place)
    const slotMoves = find((m) => m.kind === "slot");
    const activeMoves = find((m) => m.kind === "active");
    const playMoves = find((m) => m.kind === "play");
    const heroBlock = (q, ln) => {
      const hid = o.heroes[q][ln];
      const mineFaceDown = o.phase === "pick" && q === me && o.my_heroes ? o.my_heroes[ln] : null;
      const h = hid ? f.heroes[hid] : mineFaceDown ? f.heroes[mineFaceDown] : null;
      const strength = o.strength[q][ln];
      const pts = o.lane_points[ln] ? o.lane_points[ln][q] : 0;
      const room = f.room[q][ln];
      const bol = o.bolsters[q][ln];
      const mineB = (o.my_bolsters || []).filter(([bq, bl]) => bq === q && bl === ln);
      const slot = slotMoves.find((m) => m.seat === q && m.lane === ln);
      const play = sel !== null && q === me ? playMoves.find((m) => m.card === sel && m.lane === ln) : null;
      const cards = o.active[q][ln].map((code, pos) => {
        const c = code % 52;
        const foreign = Math.floor(code / 52) !== q;
        const m = activeMoves.find((a) => a.seat === q && a.lane === ln && a.pos === pos);
        const extra = foreign ? el("small", { title: `owned by ${ui.seatName(Math.floor(code / 52))}` }, "'") : null;
        return m ? cardEl(c, { class: "mini playable", dataset: { move: text.get(m.id) }, onclick: go(m.id), "aria-label": `choose ${cardText(c)} on ${name(q)}'s hero in lane ${ln + 1}` }, extra)
          : cardEl(c, { class: "mini" }, extra);
      });
      let body;
      if (o.phase === "pick") {
        body = el("div", { class: "h-facedown" }, h ? [el("strong", {}, h.name), el("div", { class: "muted" }, "face-down (only you see it)")]
          : el("span", { class: "muted" }, q === me ? "empty: place a hero" : "hidden until every hero is placed"));
      } else if (!h) {
        body = el("div", { class: "muted" }, "no hero");
      } else {
        body = el("div", {},
          el("div", { class: "h-name" }, el("strong", {}, h.name), h.role ? el("span", { class: "muted" }, ` · ${h.role}`) : null),
          el("div", { class: "h-stats" },
            el("span", { class: "h-strength", title: "Strength", dataset: { fxCount: `str${q}L${ln + 1}`, value: strength } }, String(strength)),
            el("span", {}, " Strength"),
            pts ? el("span", { class: "h-pts" }, ` · ${pts} pt`) : null,
            room ? el("span", { class: "muted" }, ` · ${room[0]}/${room[1]} cards`) : null),
          el("div", { class: "cardrow h-active", "aria-label": "Active cards", dataset: { fxZone: `a${q}L${ln + 1}` } }, cards.length ? cards : el("span", { class: "muted" }, "no active card")),
          bol.length ? el("div", { class: "h-bolsters" }, `+${bol.length} bolster${bol.length === 1 ? "" : "s"} (face-down)`,
            mineB.length ? el("span", {}, " · yours from hand: ", mineB.map(([, , , c]) => cardEl(c, { class: "mini" }))) : null) : null,
          heroText(h, true));
      }
      return el("div", {
        class: `h-hero${q === me ? " me" : ""}${q === o.current_player ? " current" : ""}${slot || play ? " target can" : ""}`,
        dataset: { target: `s${q}L${ln + 1}` },
      }, el("div", { class: "h-seat" }, ui.seatName(q), q === me ? " (you)" : ""), body,
      slot ? btn(slot, `Choose ${name(q) === "you" ? "your" : name(q) + "'s"} hero in lane ${ln + 1}`, "primary") : null,
      play ? btn(play, `Play ${cardText(sel)} here`, "primary") : null);
    };

    const lanes = el("div", { class: "h-lanes", style: `grid-template-columns: repeat(${L}, minmax(0, 1fr))` },
      Array.from({ length: L }, (_, ln) => {
        const res = o.lane_result[ln];
        const pts = o.lane_points[ln] || [];
        const headLine = el("h3", {}, `Lane ${ln + 1}`, res ? el("span", { class: "muted" }, " · resolved") : null);
        if (res) {
          return el("div", { class: "h-lane resolved", dataset: { lane: ln + 1 } }, headLine,
            res.heroes.map((hid, q) => el("div", { class: "h-hero" }, el("div", { class: "h-seat" }, ui.seatName(q)),
              `${hid ? f.heroes[hid]?.name || hid : "—"}: ${res.strength[q]} Strength, ${res.points[q]} pt`)));
        }
        return el("div", { class: "h-lane", dataset: { lane: ln + 1 } }, headLine,

          Array.from({ length: n }, (_, q) => heroBlock(q, ln)));
      }));

    // the seats (total Strength: the tie-break, decision H7)
    const total = (q) => Array.from({ length: L }, (_, ln) => (o.lane_result[ln] ? o.lane_result[ln].strength[q] : o.strength[q][ln])).reduce((a, b) => a + b, 0);
    const seats = el("div", { class: "grid-players" }, Array.from({ length: n }, (_, q) =>
      el("div", { class: `player${q === o.current_player ? " current" : ""}${q === me ? " me" : ""}`, dataset: { player: q } },
        el("h3", {}, ui.seatName(q), q === me ? " (you)" : "", o.winner === q ? " — winner" : ""),
        el("div", {}, el("strong", { dataset: { score: q, fxCount: `pts${q}`, value: o.points[q] } }, `${o.points[q]} point${o.points[q] === 1 ? "" : "s"}`),
          el("span", { class: "muted" }, ` · total Strength ${total(q)} · hand ${o.hand_sizes[q]} · deck ${o.deck_sizes[q]}`),
          o.phase === "pick" ? el("span", { class: "muted" }, ` · ${o.picks_made[q]} of ${L} heroes placed`) : null),
        o.discards[q].length ? el("div", { class: "cardrow", dataset: { fxZone: `discards${q}` } }, el("span", { class: "muted" }, "discards: "),
          o.discards[q].slice(-5).map((c) => cardEl(c, { class: "mini" }))) : null)));

    // the hand: select a card to play it, or choose it (discard, bolster, Clash)
    let hand = null;
    if (o.hand) {
      const cardMoves = find((m) => m.kind === "card");
      const cards = (f.hand || []).map(({ card: c, value, triggers }) => {
        const choose = cardMoves.find((m) => m.card === c);
        const plays = playMoves.filter((m) => m.card === c);
        const note = cardMoves.length ? null : el("small", { class: "h-note" }, el("span", { title: "Strength value" }, `=${value}`),
          triggers.map(([ln, ks]) => el("span", { class: "h-trig", title: `triggers skill${ks.map((k) => k + 1).join("/")} of your hero in lane ${ln + 1}` }, `L${ln + 1}:s${ks.map((k) => k + 1).join("/")}`)));
        if (choose) return cardEl(c, { class: "playable", dataset: { card: cardText(c), move: text.get(choose.id) }, onclick: go(choose.id) }, note);
        if (plays.length) {
          return cardEl(c, {
            class: `playable${sel === c ? " selected" : ""}`, dataset: { card: cardText(c) }, "aria-pressed": sel === c ? "true" : "false",
            onclick: () => { ui.selection = sel === c ? null : c; ui.redraw(); },
          }, note);
        }
        return cardEl(c, { dataset: { card: cardText(c) } }, note);
      });
      const tip = sel !== null ? el("p", { class: "muted" }, `${cardText(sel)}: choose a lane above (“Play ${cardText(sel)} here”)`,
        el("span", {}, " "), ...playMoves.filter((m) => m.card === sel).map((m) => btn(m, `lane ${m.lane + 1}`, "primary")))
        : cardMoves.length ? el("p", { class: "muted" }, "Click a card of your hand to choose it.")
          : playMoves.length ? el("p", { class: "muted" }, "Click a card, then a lane. Under each card: =its Strength; L2:s1 — it triggers skill1 of your hero in lane 2.") : null;
      hand = el("div", {}, el("h2", {}, "Your hand"), el("div", { class: "cardrow", "aria-label": "Your hand", dataset: { fxZone: "hand" } }, cards.length ? cards : el("span", { class: "muted" }, "empty")), tip);
    }

    // placing heroes: the roster, each hero with a button per free lane
    let roster = null;
    const picks = find((m) => m.kind === "pick");
    if (o.phase === "pick") {
      const mine = new Set((o.my_heroes || []).filter(Boolean));
      roster = el("div", {}, el("h2", {}, "Heroes"), picks.length ? el("p", { class: "muted" }, "Place a hero face-down in a lane: nobody sees it until every seat has placed all its heroes.") : null,
        el("div", { class: "h-roster" }, Object.values(f.heroes).map((h) => {
          const ms = picks.filter((m) => m.hero === h.id);
          return el("div", { class: `h-rostercard${mine.has(h.id) ? " taken" : ""}`, dataset: { hero: h.id } },
            el("div", { class: "h-name" }, el("strong", {}, h.name), h.role ? el("span", { class: "muted" }, ` · ${h.role}`) : null, mine.has(h.id) ? el("span", { class: "pill" }, "placed") : null),
            heroText(h),
            ms.length ? el("div", { class: "row" }, ms.map((m) => btn(m, `Lane ${m.lane + 1}`, "primary"))) : null);
        })));
    }

    root.append(...[head, clash, bar.length ? el("div", { class: "row h-bar", role: "group", "aria-label": "Your choice" }, bar) : null,
      lanes, hand, roster, el("h2", {}, "Players"), seats].filter(Boolean));
  },
};
