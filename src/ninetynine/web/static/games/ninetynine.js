// Ninety Nine is drawn like Warp 99 (same engine, same table).
export { default } from "/static/games/warp99.js";
