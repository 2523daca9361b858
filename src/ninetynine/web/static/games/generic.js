// The fallback drawing for a game without its own module: the game's own text board
// (render_observation). Its legal moves are the clickable buttons of the moves panel.
import { el } from "/static/common.js";

export default {
  render(root, view) {
    root.append(
      el("p", { class: "muted" }, "This game has no drawing of its own yet: its text board follows; " +
        "play with the move buttons or type a move."),
      el("pre", { class: "board", "aria-label": "Board" }, view.board_text),
    );
  },
};
