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

// The review's two verdicts: with "as each player saw it" ticked, the review table that board.js
// draws gets, from POST /api/review?view=1 (the JSON of marias review --view --json), the best
// card as its player could know it and the single-dummy verdict beside the open-hand one (its
// "loss" column). A row's data-sd-kind is the verdict's key: avoidable, within error, only with
// the hands seen, best, forced.
const reviewViewState = { seq: 0 };

function reviewWords() {
  const cs = typeof state !== "undefined" && state.lang === "cs";
  return cs
    ? { box: "i podle toho, co hráč mohl vědět", best: "nejlepší z jeho pohledu", verdict: "z jeho pohledu",
        wait: "počítám…", kinds: { "avoidable": "dalo se předejít", "within error": "v mezích chyby",
          "only with the hands seen": "chyba jen při otevřených kartách", "best": "nejlepší", "forced": "vynucená" } }
    : { box: "also by what each player could know", best: "best as its player saw it", verdict: "as its player saw it",
        wait: "computing…", kinds: { "avoidable": "avoidable", "within error": "within error",
          "only with the hands seen": "only wrong with the hands seen", "best": "best", "forced": "forced" } };
}

function reviewViewControl() {
  let box = document.getElementById("review-view");
  const button = document.getElementById("review");
  if (!button) return null;
  if (!box) {
    const label = document.createElement("label");
    label.id = "review-view-label";
    box = document.createElement("input");
    box.type = "checkbox";
    box.id = "review-view";
    label.append(" ", box, " ", document.createElement("span"));
    button.after(label);
    box.addEventListener("change", () => (box.checked ? reviewViewMark() : reviewViewClear()));
  }
  document.querySelector("#review-view-label > span").textContent = reviewWords().box;
  return box;
}

function reviewViewClear() {
  reviewViewState.seq++;
  document.querySelectorAll("#review-table .sd-col").forEach((el) => el.remove());
}

function reviewViewCell(judged, words) {
  if (!judged) return "";
  const kind = words.kinds[judged.kind] || judged.kind;
  if (!judged.makes) return kind;
  let text = `${kind}: P ${viewFigure(judged.makes, 2)}`;
  if (judged.kind === "avoidable" || judged.kind === "within error") text += ` (${viewFigure(judged.best_makes, 2)})`;
  return text;
}

async function reviewViewMark() {
  const table = document.getElementById("review-table");
  const box = document.getElementById("review-view");
  // a review drawn (board.js gives it a head; "no card played yet" has none), not yet judged
  if (!table || !box || !box.checked || !table.tHead || !table.tBodies.length) return;
  if (table.querySelector(".sd-col")) return;
  const words = reviewWords();
  const seq = ++reviewViewState.seq;
  const head = table.tHead && table.tHead.rows[0];
  const cols = [];
  for (const text of [words.best, words.verdict]) {
    const th = document.createElement("th");
    th.className = "sd-col";
    th.textContent = text;
    if (head) head.append(th);
  }
  const rows = [...table.tBodies[0].rows];
  for (const tr of rows) {
    const best = tr.insertCell(); best.className = "sd-col sd-best-cards";
    const kind = tr.insertCell(); kind.className = "sd-col sd-kind"; kind.textContent = words.wait;
    cols.push([best, kind]);
  }
  try {
    const response = await fetch("/api/review?view=1", {
      method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(gameJson()),
    });
    const payload = await response.json();
    if (seq !== reviewViewState.seq) return;
    if (!response.ok) { cols.forEach(([, kind]) => { kind.textContent = payload.error; }); return; }
    payload.moves.forEach((move, i) => {
      if (!rows[i] || rows[i].dataset.card !== move.card) return;
      const judged = move.single_dummy;
      const [best, kind] = cols[i];
      best.textContent = judged && judged.makes ? judged.best.map(cardName).join(" ") : "";
      kind.textContent = reviewViewCell(judged, words);
      rows[i].dataset.sdKind = judged ? judged.kind : "";
    });
    cols.forEach(([, kind], i) => { if (rows[i].dataset.sdKind === undefined) kind.textContent = ""; });  // past a stop
  } catch (error) {
    if (seq === reviewViewState.seq) cols.forEach(([, kind]) => { kind.textContent = error.message; });
  }
}

document.addEventListener("DOMContentLoaded", () => {
  reviewViewControl();
  const table = document.getElementById("review-table");
  // board.js draws the review table anew (its direct children) each time: judge it again
  if (table) new MutationObserver(() => { reviewViewControl(); reviewViewMark(); }).observe(table, { childList: true });
  // the board's language is the page's lang attribute (board.js's setLanguage): word the box anew
  new MutationObserver(() => reviewViewControl()).observe(document.documentElement,
    { attributes: true, attributeFilter: ["lang"] });
});
