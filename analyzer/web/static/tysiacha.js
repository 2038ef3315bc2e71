// The board's Tysiacha mode (docs/board.md, "Tysiacha"): the game switch, a hand set up, played and
// solved through the same API as Mariáš with "game": "tysiacha" in the bodies, and the laid-down
// claim and the bidding advice as jobs, their figures printed as "marias tysiacha" prints them.
// It uses board.js's cards and requests (cardElement, tokens, api) and nothing of its state.
"use strict";

const ty = { start: null, moves: [], view: null, seq: 0, jobs: { claim: null, advise: null } };
const TY_SUITS = { h: "hearts", b: "bells", l: "leaves", a: "acorns" };

function tySay(text) { $("ty-message").textContent = text || ""; }

// The rule options as the query of /api/solve, /api/board and /api/jobs/claim (the CLI's options).
function tyRules() {
  const q = [`marriages=${$("ty-marriages").value}`];
  if ($("ty-any-lead").checked) q.push("any_lead=1");
  if ($("ty-must-beat").checked) q.push("must_beat=1");
  return q.join("&");
}
function tyRulesJson() {
  return { marriages: $("ty-marriages").value, any_lead: $("ty-any-lead").checked, must_beat: $("ty-must-beat").checked };
}

// --- the game switch ------------------------------------------------------------------------------

function setGame(game) {
  document.body.dataset.game = game;
  $("marias-main").hidden = game !== "marias";
  $("ty-main").hidden = game !== "tysiacha";
  $("game-marias").setAttribute("aria-pressed", String(game === "marias"));
  $("game-tysiacha").setAttribute("aria-pressed", String(game === "tysiacha"));
  if (game === "tysiacha" && !ty.start) tyDeal();
}

// --- setting up and playing -----------------------------------------------------------------------

async function tyDeal() {
  try {
    const start = await api("/api/deal", { game: "tysiacha", seed: Number($("ty-seed").value) || 0 });
    await tyShow(start, []);
  } catch (error) { tySay(error.message); }
}

async function tyLoad() {
  const text = $("ty-paste").value.trim();
  let position = text;
  if (text.startsWith("{")) {
    try { position = JSON.parse(text); } catch (error) { tySay(`bad JSON: ${error.message}`); return; }
  }
  await tyShow(position, []);
}

// Ask the board for the set-up with ``moves`` played; the view answered becomes the board's.
async function tyShow(start, moves) {
  const seq = ++ty.seq;
  try {
    const view = await api(`/api/board?${tyRules()}`, { game: "tysiacha", position: start, cards: moves });
    if (seq !== ty.seq) return;  // a newer request has been sent
    ty.start = view.start;  // the set-up as read: a pasted one-line form becomes its JSON
    ty.moves = moves;
    ty.view = view;
    tySay("");
    tyDraw();
  } catch (error) {
    if (seq === ty.seq) tySay(error.message);
  }
}

function tyPlay(move) { tyShow(ty.start, [...ty.moves, move]); }

function tyBestMoves(view) {
  const moves = (view.solve && view.solve.moves) || [];
  if (!moves.length) return new Set();
  const declarer = view.to_move === view.position.declarer;
  const target = (declarer ? Math.max : Math.min)(...moves.map((m) => m.total));
  return new Set(moves.filter((m) => m.total === target).map((m) => m.move));
}

function tyMoveButton(move, total, best) {
  const declare = move.endsWith("+");
  const el = cardElement(move.replace("+", ""), "button");
  el.classList.add("legal");
  el.dataset.move = move;
  if (declare) {
    el.classList.add("declare");
    el.querySelector(".face").textContent += " +";
    el.title = `${el.title}, declaring the marriage (trumps turn to ${TY_SUITS[move[0]]})`;
  }
  if (total !== undefined) {
    el.dataset.total = String(total);
    const small = document.createElement("span");
    small.className = "val";
    small.textContent = String(total);
    el.append(small);
    el.setAttribute("aria-label", `${el.title}: the declarer's total ${total}`);
  }
  if (best) { el.classList.add("best"); el.dataset.best = "true"; }
  el.addEventListener("click", () => tyPlay(move));
  return el;
}

function tyDraw() {
  const view = ty.view, p = view.position;
  const trump = p.trump ? `${SYMBOL[p.trump]} ${TY_SUITS[p.trump]}` : "none";
  const declared = p.declared.map(([seat, suit]) => `seat ${seat} ${SYMBOL[suit]}`).join(", ") || "none";
  const stateLine = $("ty-state");
  stateLine.textContent = `declarer seat ${p.declarer}, bid ${p.bid} · trump: ${trump} · marriages declared: ${declared}` +
    ` · points taken ${p.taken.join(", ")} · the declarer has ${view.declarer_points}`;
  stateLine.dataset.trump = p.trump || "";
  const totals = Object.fromEntries(((view.solve && view.solve.moves) || []).map((m) => [m.move, m.total]));
  const best = tyBestMoves(view);
  const hands = $("ty-hands");
  hands.replaceChildren();
  p.hands.forEach((hand, seat) => {
    const row = document.createElement("div");
    row.className = "hand" + (seat === view.to_move ? " to-move" : "");
    row.id = `ty-hand-${seat}`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = `seat ${seat} (${seat === p.declarer ? "declarer" : "opponent"})` +
      (seat === view.to_move ? " — to move" : "");
    row.append(who);
    for (const token of tokens(hand)) {
      if (seat !== view.to_move || !view.legal.includes(token) && !view.legal.includes(token + "+")) {
        const el = cardElement(token, "button");
        el.disabled = true;
        row.append(el);
        continue;
      }
      for (const move of [token, token + "+"]) {  // a K or O on lead: playing it, and declaring with it
        if (view.legal.includes(move)) row.append(tyMoveButton(move, totals[move], best.has(move)));
      }
    }
    hands.append(row);
  });
  $("ty-trick").replaceChildren(...p.trick.map((c) => cardElement(c)));
  $("ty-widow").replaceChildren(...tokens(p.widow).map((c) => cardElement(c)));
  $("ty-tricks").replaceChildren(...view.tricks.map((trick) => {
    const li = document.createElement("li");
    li.textContent = `${trick.cards.join(" ")} → seat ${trick.winner} takes ${trick.points}`;
    return li;
  }));
  $("ty-text").textContent = view.text;
  const verdict = $("ty-verdict");
  const s = view.solve;
  if (s) {  // as "marias tysiacha solve" prints it
    verdict.textContent = `declarer (seat ${s.declarer}) total ${s.total} (exact), ` +
      `${s.makes ? "reaches" : "falls short of"} the bid ${s.bid}`;
    verdict.dataset.total = String(s.total);
    verdict.className = s.makes ? "makes" : "fails";
    $("ty-line").textContent = "line: " + s.line.map((m) => m.move).join(" ");
  } else {
    const r = view.result;
    verdict.textContent = `The play is over: the declarer's total ${r.total}, ` +
      `${r.makes ? "reaches" : "falls short of"} the bid ${r.bid}`;
    verdict.dataset.total = String(r.total);
    verdict.className = r.makes ? "makes" : "fails";
    $("ty-line").textContent = "";
  }
  $("ty-first").disabled = $("ty-back").disabled = ty.moves.length === 0;
  $("ty-best").disabled = !s;
  if (!ty.moves.length) {  // the declarer's 10 cards at the start of play (his 8 and the two passed)
    const ten = [...tokens(view.start.hands[view.start.declarer]), ...view.start.passed];
    $("ty-advice-hand").value = ten.length === 10 ? ten.join(" ") : "";
    $("ty-advice-bid").value = String(view.start.bid);
  }
}

// --- jobs: the claim and the advice ----------------------------------------------------------------

// Run a job (POST /api/jobs/KIND), its progress on ``bar``, Cancel (DELETE) on the cancel button;
// the finished job's result, or null when cancelled or failed (said in ``out``).
async function tyJob(kind, query, body, bar, cancel, out) {
  out.replaceChildren();
  try {
    let job = await api(`/api/jobs/${kind}${query}`, body);
    ty.jobs[kind] = job.id;
    cancel.hidden = false;
    bar.hidden = false;
    bar.value = 0;
    while (job.state === "running") {
      await new Promise((r) => setTimeout(r, 150));
      job = await api(`/api/jobs/${job.id}`, undefined, "GET");
      if (job.total) { bar.max = job.total; bar.value = job.done; bar.title = `${job.done} of ${job.total}`; }
    }
    if (job.state === "done") return job.result;
    tyLines(out, [job.state === "cancelled" ? "Cancelled." : job.error]);
  } catch (error) {
    tyLines(out, [error.message]);
  } finally {
    ty.jobs[kind] = null;
    cancel.hidden = true;
    bar.hidden = true;
  }
  return null;
}

function tyCancel(kind) {
  if (ty.jobs[kind]) api(`/api/jobs/${ty.jobs[kind]}`, undefined, "DELETE").catch(() => {});
}

function tyLines(out, lines) {
  for (const line of lines) {
    const p = document.createElement("p");
    p.textContent = line;
    out.append(p);
  }
}

function tyTable(out, head, rows) {
  const table = document.createElement("table");
  const tr = table.createTHead().insertRow();
  for (const h of head) { const th = document.createElement("th"); th.textContent = h; tr.append(th); }
  const body = table.createTBody();
  for (const row of rows) {
    const r = body.insertRow();
    for (const cell of row) r.insertCell().textContent = cell;
  }
  out.append(table);
}

async function tyClaim() {
  if (!ty.view || ty.view.finished) return;
  const out = $("ty-claim-result");
  const query = `?${tyRules()}${$("ty-claim-count").checked ? "&count=1" : ""}`;
  const c = await tyJob("claim", query, ty.view.position, $("ty-claim-progress"), $("ty-claim-cancel"), out);
  if (!c) return;
  out.dataset.laidDown = String(c.laid_down);
  const secs = `[${c.seconds.toFixed(2)} s]`;
  if (c.laid_down) {  // as "marias tysiacha claim" prints it
    tyLines(out, [`laid down: reaches ${c.target} in all ${c.distributions} splits (exact) ${secs}`]);
    return;
  }
  const counted = c.winning !== null ? `in ${c.distributions - c.winning} of ${c.distributions} splits (exact)`
    : `in a split of ${c.distributions} (count them with the box above)`;
  tyLines(out, [`not laid down: short of ${c.target} ${counted} ${secs}`,
                `counterexample: ${c.counterexample.position}`,
                `the declarer's best total there: ${c.counterexample.total}`,
                `line: ${c.counterexample.line.join(" ")}`]);
}

const pm = (f, digits) => `${f.mean.toFixed(digits)} ±${f.ci95.toFixed(digits)}`;
const signed = (x) => `${x >= 0 ? "+" : ""}${x.toFixed(1)}`;

async function tyAdvise() {
  const out = $("ty-advice-result");
  const body = { game: "tysiacha", hand: $("ty-advice-hand").value, bid: Number($("ty-advice-bid").value),
                 widows: Number($("ty-advice-widows").value), seed: Number($("ty-advice-seed").value), ...tyRulesJson() };
  const a = await tyJob("advise", "", body, $("ty-advice-progress"), $("ty-advice-cancel"), out);
  if (!a) return;
  out.dataset.hand = a.hand;
  if (a.bids) {  // 7 cards: as "marias tysiacha advise" prints the bids before the widow
    tyLines(out, [`hand ${a.hand}: ${a.widows} of 680 widows, per widow the pass and final bid chosen on ` +
                  `${a.choose_worlds} splits, reported on ${a.report_worlds} others [${a.seconds.toFixed(1)} s]`]);
    tyTable(out, ["bid", "P(total≥bid)", "E seed score", "E standard", "final (std)"], a.bids.map((row) => [
      row.bid + (row.allowed_standard ? "" : "*"), pm(row.p, 3), pm(row.seed, 1), pm(row.standard, 1),
      row.mean_final_bid_standard.toFixed(1)]));
    if (a.bids.some((row) => !row.allowed_standard)) tyLines(out, ["* standard: no bid over 120 without a marriage"]);
    return;
  }
  const t_ = a.total;  // 10 cards: the pass and the final bid
  tyLines(out, [
    `hand ${a.hand}, bid ${a.bid}: pass ${a.passed[0]} to the next seat, ${a.passed[1]} to the other ` +
      `[${a.seconds.toFixed(1)} s]`,
    `open-hand total ${t_.mean.toFixed(1)} ±${t_.ci95.toFixed(1)} (95 %, ${t_.worlds} splits not used to choose)`,
    `final bid: seed scoring ${a.final_bid.seed} (never raise: the score is total - bid), ` +
      `standard ${a.final_bid.standard}`]);
  tyTable(out, ["final bid", "P", "E seed", "E standard"], a.raises.map((row) => [
    String(row.final_bid), row.p.toFixed(3), signed(row.expected_seed),
    `${signed(row.expected_standard)} ±${row.ci95_standard.toFixed(1)}`]));
}

// --- start ------------------------------------------------------------------------------------------

function tyStart() {
  $("game-marias").addEventListener("click", () => setGame("marias"));
  $("game-tysiacha").addEventListener("click", () => setGame("tysiacha"));
  $("ty-deal").addEventListener("click", tyDeal);
  $("ty-load").addEventListener("click", tyLoad);
  for (const id of ["ty-marriages", "ty-any-lead", "ty-must-beat"]) {
    $(id).addEventListener("change", () => { if (ty.start) tyShow(ty.start, ty.moves); });
  }
  $("ty-first").addEventListener("click", () => tyShow(ty.start, []));
  $("ty-back").addEventListener("click", () => tyShow(ty.start, ty.moves.slice(0, -1)));
  $("ty-best").addEventListener("click", () => {
    const line = ty.view && ty.view.solve && ty.view.solve.line;
    if (line && line.length) tyPlay(line[0].move);
  });
  $("ty-claim").addEventListener("click", tyClaim);
  $("ty-claim-cancel").addEventListener("click", () => tyCancel("claim"));
  $("ty-advise").addEventListener("click", tyAdvise);
  $("ty-advice-cancel").addEventListener("click", () => tyCancel("advise"));
  document.body.dataset.game = "marias";
}

tyStart();
