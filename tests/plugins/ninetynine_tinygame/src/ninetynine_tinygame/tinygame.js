// Race to 15's browser drawing, shipped in the plug-in's own package (its presentation's
// web_drawing): the web app serves it at /games/tinygame/tinygame.js. The running total as a
// bar towards the target, and the text board below it; moves are the move panel's buttons.
import { el } from "/static/common.js";

export default {
  render(root, view) {
    const o = view.observation;
    const bar = el("progress", { max: String(o.target), value: String(o.total), "aria-label": "Total" });
    root.append(
      el("p", {}, `Total ${o.total} of ${o.target}`),
      bar,
      el("pre", { class: "board", "aria-label": "Board" }, view.board_text),
    );
  },
};
