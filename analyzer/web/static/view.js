// "Seen from seat N": the single-dummy values (docs/single-dummy.md) on the cards of the side to
// move, as seat N sees the deal (POST /api/view). It reads the board's state (board.js) and adds
// its marks after each drawing of the hands; board.js knows nothing of it.
"use strict";

const viewState = { seat: null, seq: 0 };

function viewWords() {
  const cs = typeof state !== "undefined" && state.lang === "cs";
  return cs
    ? { label: "Pohled hráče", open: "otevřené karty", seat: (n) => `místo ${n}`, wait: "počítám…",
        not: (n) => `místo ${n} není na tahu`, worlds: (n, exact) => exact ? `všech ${n} rozkladů` : `${n} rozkladů` }
    : { label: "Seen from", open: "open hands", seat: (n) => `seat ${n}`, wait: "computing…",
        not: (n) => `seat ${n} is not to move`, worlds: (n, exact) => exact ? `all ${n} worlds` : `${n} worlds` };
}

function viewFigure(f, digits) {
  const mean = f.mean.toFixed(digits);
  return f.exact ? mean : `${mean} ± ${f.stderr.toFixed(digits)}`;
}

function viewControl() {
  let box = document.getElementById("view-seat");
  if (box) return box;
  const anchor = document.getElementById("contract-line");
  if (!anchor) return null;
  const label = document.createElement("label");
  label.id = "view-label";
  const text = document.createElement("span");
  box = document.createElement("select");
  box.id = "view-seat";
  const note = document.createElement("span");
  note.id = "view-note";
  note.className = "hint";
  label.append(text, " ", box, " ", note);
  anchor.after(label);
  box.addEventListener("change", () => {
    viewState.seat = box.value === "" ? null : Number(box.value);
    viewMark();
  });
  return box;
}

function viewFillControl() {
  const box = viewControl();
  if (!box) return;
  const words = viewWords();
  document.querySelector("#view-label > span").textContent = words.label;
  const chosen = box.value;
  box.replaceChildren();
  const open = document.createElement("option");
  open.value = "";
  open.textContent = words.open;
  box.append(open);
  for (const seat of [0, 1, 2]) {
    const option = document.createElement("option");
    option.value = String(seat);
    option.textContent = words.seat(seat);
    box.append(option);
  }
  box.value = chosen;
}

async function viewMark() {
  const note = document.getElementById("view-note");
  document.querySelectorAll("#hands .sd").forEach((el) => el.remove());
  document.querySelectorAll("#hands .sd-best").forEach((el) => el.classList.remove("sd-best"));
  if (note) note.textContent = "";
  if (viewState.seat === null || typeof state === "undefined" || !state.start || !state.view) return;
  const words = viewWords();
  const seq = ++viewState.seq;
  if (note) note.textContent = words.wait;
  try {
    const response = await fetch("/api/view", {
      method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ position: state.start, cards: state.cards.slice(0, state.at), seat: viewState.seat }),
    });
    const payload = await response.json();
    if (seq !== viewState.seq) return;
    if (!response.ok) { if (note) note.textContent = payload.error; return; }
    if (!payload.card_values) { if (note) note.textContent = words.not(viewState.seat); return; }
    if (note) note.textContent = words.worlds(payload.worlds, payload.exact);
    const best = new Set(payload.best);
    const row = document.getElementById(`hand-${payload.to_move}`);
    for (const value of payload.card_values) {
      const el = row && row.querySelector(`[data-card="${value.card}"]`);
      if (!el) continue;
      const mark = document.createElement("span");
      mark.className = "val sd";
      mark.textContent = `P ${viewFigure(value.makes, 2)}` +
        (value.hra_value ? ` · ${viewFigure(value.hra_value, 0)}` : "");
      el.append(mark);
      el.dataset.sdMakes = String(value.makes.mean);
      if (best.has(value.card)) el.classList.add("sd-best");
    }
  } catch (error) {
    if (seq === viewState.seq && note) note.textContent = error.message;
  }
}

document.addEventListener("DOMContentLoaded", () => {
  const style = document.createElement("style");  // its own marks' look (board.css is the board's)
  style.textContent = "#hands .sd-best { outline: 2px dashed #2a7; outline-offset: 1px; } #hands .sd { opacity: 0.85; }";
  document.head.append(style);
  viewFillControl();
  const hands = document.getElementById("hands");
  // the board redraws the hands (its direct children) after every move: mark them again
  if (hands) new MutationObserver(() => { viewFillControl(); viewMark(); }).observe(hands, { childList: true });
});
