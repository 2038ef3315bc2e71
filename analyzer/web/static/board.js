// The analysis board: the page keeps the set-up position and the cards played on it;
// the server plays them, solves the result and answers the view (POST /api/board).
"use strict";

const SUITS = "hbla";
const RANKS = "789UOKXA";
const SYMBOL = { h: "♥", b: "♦", l: "♠", a: "♣" };
const WORDS = {
  en: {
    title: "Mariáš analysis board", setup: "Set-up", contract: "Contract", trump: "Trump", side_suit: "Side suit",
    actor: "Actor", leader: "Leads", rules: "Rules", marriage_rule: "Marriages", seed: "Seed", deal: "Deal at random",
    edit: "Edit the cards", share: "Copy the link", paste: "Paste a position", load: "Load", apply: "Use these hands",
    paste_hint: 'The position JSON (as for "marias solve"), or three lines of cards (the hands of seats 0, 1, 2), a fourth for the talon, and "play: …" for the cards played.',
    edit_hint: "Choose where the cards go, then click cards: a card clicked again goes back to the pack.",
    board: "Board", talon: "Talon", trick: "Trick", score: "Score", first: "|◀ Start", back: "◀ Back",
    forward: "Forward ▶", best: "Play the best card", line: "Play the best line", analysis: "Analysis",
    claim_h: "Laid-down check", claim: "Is it laid down?", count: "count the redistributions (exact, slower)",
    cancel: "Cancel", review_h: "Review of the play", review: "Review the cards played",
    footer: "Open-hand analysis: every hand seen. Keys: ← → move through the play, B plays the best card.",
    suits: { h: "hearts", b: "bells", l: "leaves", a: "acorns" }, none: "none",
    marriage_rules: { czech: "Czech (K or O first)", "over-first": "O first, or lost" },
    ranks: { 7: "7", 8: "8", 9: "9", U: "U", O: "O", K: "K", X: "10", A: "A" },
    seats: ["forehand", "zadák", "dealer"], role_actor: "actor", role_defence: "defence", pack: "pack",
    makes: "makes", fails: "fails", verdict_makes: "makes", verdict_fails: "does not make",
    points: (a, d) => `Points in the rest of the play: actor ${a}, defence ${d}`,
    to_move: "to move", copied: "The link is in the clipboard and the address bar.",
    laid: "laid down", not_laid: "not laid down", undecided: "not decided",
    checked: (n) => `${n} redistributions of the defence's cards`, winning: (w, n) => `the actor makes it in ${w} of ${n}`,
    counter: (c) => `Counterexample (${c} fails): the defenders hold`, defence_line: "The defence's line",
    open_counter: "Show it on the board", searching: (d, t) => `searched ${d} of ${t} redistributions`,
    cancelled: "Cancelled.", finished: "The play is over.", decided: "Decided by the play",
    served: (ms) => `solved on the server in ${ms} ms`, move: "card", seat: "seat", played: "played",
    best_was: "best", loss: "loss", turned_actor: "turns the verdict against the actor", turned_defence: "turns the verdict against the defence", review_none: "No card played yet.", ok: "best",
    trick_line: (cards, w, p) => `${cards} → seat ${w} takes ${p}`,
    strict: "without seeing (one plan for every lie of the cards)",
    open_handed: "open-handed (as if the actor saw the cards)", without_seeing: "without seeing (one plan)",
    yes: "laid down", no: "not laid down", undecided_time: "undecided (time limit)",
    plan_h: "The plan (the defence's plays as seat:card)", play_step: (n, c) => `${n}. play ${c}`,
    whatever: "whatever the defence plays:", anything_else: "on anything else:", on: (labels) => `on ${labels}:`,
    same: (seat, card, lower) => `on ${seat}:${card}: as on ${seat}:${lower}, with ${card} and ${lower} exchanged`,
    sure_cashing: "cash: lead trumps from the top while the defence may hold one, then your winners, then side cards low; follow with the lowest card that wins the trick, else the lowest",
    sure_betl: "lead the card the defence must beat, then always play under (void: throw the highest)",
    known_step: (n, hands) => `${n}. every card is known now (${hands}): play them open-handed`,
    forced_step: (n) => `${n}. the rest plays itself`,
    guess_h: (after) => `No plan: the actor must guess, after ${after || "the start"}.`,
    guess_row: (hands, needs, wrong, line) => `With ${hands}: needs ${needs}; ${wrong} loses to ${line}`,
    show_guess: "Show it on the board", marriage: "marriage",
    advice_h: "Advice", advise: "Advise", worlds: "Worlds", advice_seed: "Seed", advice_seat: "Hand",
    advice_hint: "For the deal as set up: the actor's twelve cards (what to announce and discard), or a defender's ten (flek?), from exactly solved random worlds.",
    advice_needs_deal: "Advice needs the deal before the first card: three hands of 10 cards and a talon of 2.",
    advising: (p) => `advising … ${p}%`, advice_done: (n, seed) => `${n} options, seed ${seed}; % with its 95 % interval, ± one standard error, n the worlds solved`,
    option: "option", p_make: "makes", payment: "payment", p_loss: "P(loss)", n: "n", stage: "stage",
    exact: "exact", flek_on: (c) => `flek on ${c}`, no_flek: "no flek", discard: "discard", or_alike: "or alike:", gain: "gain",
    flek_summary: (list) => `Flek: ${list || "no"}`, in_suit: (s) => `in ${s}`, side: (s) => `side ${s}`,
    stage_confirmed: "confirmed", stage_screened: "screened early (few worlds)",
    advice_for: (who, hand, talon) => `For ${who}: ${hand}${talon ? ` · talon ${talon}` : ""}`,
    advice_stale: "The deal changed: the advice asked for the old deal was dropped.",
    at95: "at 95 %", won: "won", lost: "lost", result_h: "Result of the play",
    result_points: (a, d) => `${a}:${d} (actor:defence, marriages included)`, result_tricks: (n) => `actor's tricks: ${n}`,
    payment_h: (unit) => `payment (${unit})`, pays: (seat, x) => `seat ${seat} ${x}`, no_payment: (why) => `no payment: ${why}`,
    takes: (w) => `→ seat ${w}`,
  },
  cs: {
    title: "Mariášová analytická deska", setup: "Rozdání", contract: "Hra", trump: "Trumfy", side_suit: "Druhá barva",
    actor: "Aktér", leader: "Vynáší", rules: "Pravidla", marriage_rule: "Hlášky", seed: "Semínko",
    deal: "Rozdat náhodně", edit: "Upravit karty", share: "Kopírovat odkaz", paste: "Vložit pozici", load: "Načíst",
    apply: "Použít tyto karty",
    paste_hint: "JSON pozice (jako pro „marias solve“), nebo tři řádky karet (ruce míst 0, 1, 2), čtvrtý pro talon a „hráno: …“ se zahranými kartami.",
    edit_hint: "Vyberte, kam karty patří, a klikejte na karty: karta kliknutá znovu se vrátí do balíčku.",
    board: "Deska", talon: "Talon", trick: "Štych", score: "Body", first: "|◀ Začátek", back: "◀ Zpět",
    forward: "Vpřed ▶", best: "Zahrát nejlepší kartu", line: "Přehrát nejlepší průběh", analysis: "Rozbor",
    claim_h: "Ložená hra", claim: "Je hra ložená?", count: "spočítat rozložení (přesně, pomaleji)",
    cancel: "Zrušit", review_h: "Rozbor sehrávky", review: "Rozebrat zahrané karty",
    footer: "Rozbor s otevřenými kartami: všechny ruce jsou vidět. Klávesy: ← → pohyb ve hře, B zahraje nejlepší kartu.",
    suits: { h: "srdce", b: "kule", l: "listy", a: "žaludy" }, none: "žádné",
    marriage_rules: { czech: "české (K nebo Sv)", "over-first": "Sv napřed, jinak propadá" },
    ranks: { 7: "7", 8: "8", 9: "9", U: "Sp", O: "Sv", K: "K", X: "10", A: "E" },
    seats: ["forhont", "zadák", "rozdávající"], role_actor: "aktér", role_defence: "obrana", pack: "balíček",
    makes: "vyhrává", fails: "prohrává", verdict_makes: "aktér vyhrává", verdict_fails: "aktér prohrává",
    points: (a, d) => `Body ve zbytku hry: aktér ${a}, obrana ${d}`,
    to_move: "na tahu", copied: "Odkaz je ve schránce a v adresním řádku.",
    laid: "ložená", not_laid: "není ložená", undecided: "nerozhodnuto",
    checked: (n) => `${n} rozložení karet obrany`, winning: (w, n) => `aktér vyhrává v ${w} z ${n}`,
    counter: (c) => `Protipříklad (${c} prohrává): obránci drží`, defence_line: "Průběh obrany",
    open_counter: "Ukázat na desce", searching: (d, t) => `prohledáno ${d} z ${t} rozložení`,
    cancelled: "Zrušeno.", finished: "Hra skončila.", decided: "Rozhodnuto hrou",
    served: (ms) => `spočteno na serveru za ${ms} ms`, move: "karta", seat: "místo", played: "zahráno",
    best_was: "nejlepší", loss: "ztráta", turned_actor: "obrací výsledek proti aktérovi", turned_defence: "obrací výsledek proti obraně", review_none: "Zatím nebyla zahrána žádná karta.", ok: "nejlepší",
    trick_line: (cards, w, p) => `${cards} → bere místo ${w} (${p})`,
    strict: "bez vidění karet (jeden plán pro každé rozložení)",
    open_handed: "s otevřenými kartami (jako by aktér karty viděl)", without_seeing: "bez vidění karet (jeden plán)",
    yes: "ložená", no: "není ložená", undecided_time: "nerozhodnuto (časový limit)",
    plan_h: "Plán (karty obrany jako místo:karta)", play_step: (n, c) => `${n}. zahraj ${c}`,
    whatever: "ať obrana zahraje cokoli:", anything_else: "na cokoli jiného:", on: (labels) => `na ${labels}:`,
    same: (seat, card, lower) => `na ${seat}:${card}: jako na ${seat}:${lower}, s kartami ${card} a ${lower} vyměněnými`,
    sure_cashing: "ber: vynášej trumfy odshora, dokud je obrana může mít, pak své vítězné karty, pak ostatní odspodu; přiznávej nejnižší kartou, která štych bere, jinak nejnižší",
    sure_betl: "vynes kartu, kterou obrana musí přebít, a pak vždy podhazuj (bez barvy: odhoď nejvyšší)",
    known_step: (n, hands) => `${n}. všechny karty jsou teď známé (${hands}): hraj s otevřenými kartami`,
    forced_step: (n) => `${n}. zbytek se dohraje sám`,
    guess_h: (after) => `Plán neexistuje: aktér musí hádat, po ${after || "začátku"}.`,
    guess_row: (hands, needs, wrong, line) => `Při ${hands}: potřebuje ${needs}; ${wrong} prohrává proti ${line}`,
    show_guess: "Ukázat na desce", marriage: "hláška",
    advice_h: "Rada", advise: "Poradit", worlds: "Světů", advice_seed: "Semínko", advice_seat: "Ruka",
    advice_hint: "Pro rozdání na desce: dvanáct karet aktéra (co hlásit a co odhodit) nebo deset karet obránce (flek?), z přesně spočtených náhodných světů.",
    advice_needs_deal: "Rada potřebuje rozdání před první kartou: tři ruce po 10 kartách a talon o 2 kartách.",
    advising: (p) => `radím … ${p} %`, advice_done: (n, seed) => `${n} možností, semínko ${seed}; % s 95% intervalem, ± jedna směrodatná chyba, n počet spočtených světů`,
    option: "možnost", p_make: "vyhraje", payment: "platba", p_loss: "P(prohra)", n: "n", stage: "fáze",
    exact: "přesně", flek_on: (c) => `flek na ${c}`, no_flek: "bez fleku", discard: "odhodit", or_alike: "nebo stejně:", gain: "zisk",
    flek_summary: (list) => `Flek: ${list || "ne"}`, in_suit: (s) => `v ${s}`, side: (s) => `druhá ${s}`,
    stage_confirmed: "potvrzeno", stage_screened: "vyřazeno dříve (málo světů)",
    advice_for: (who, hand, talon) => `Pro ${who}: ${hand}${talon ? ` · talon ${talon}` : ""}`,
    advice_stale: "Rozdání se změnilo: rada pro staré rozdání byla zahozena.",
    at95: "při 95 %", won: "vyhrává", lost: "prohrává", result_h: "Výsledek hry",
    result_points: (a, d) => `${a}:${d} (aktér:obrana, s hláškami)`, result_tricks: (n) => `štychy aktéra: ${n}`,
    payment_h: (unit) => `platba (${unit})`, pays: (seat, x) => `místo ${seat} ${x}`, no_payment: (why) => `bez platby: ${why}`,
    takes: (w) => `→ místo ${w}`,
  },
};

const $ = (id) => document.getElementById(id);
const state = { lang: "en", start: null, cards: [], at: 0, view: null, meta: null, editing: false,
                target: "0", owner: {}, lineTimer: null, job: null, seq: 0, adviceJob: null, advice: null, claim: null,
                canon: null, reading: null, adviceGen: 0, deal: 0 };

function t(key, ...args) {
  const word = WORDS[state.lang][key];
  return typeof word === "function" ? word(...args) : word;
}

// One request: the JSON answer and the server's own time for the work (its Server-Timing header).
async function request(path, body, method = "POST") {
  const response = await fetch(path, {
    method, headers: { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const payload = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(payload.error || `HTTP ${response.status}`);
  const timing = /dur=([0-9.]+)/.exec(response.headers.get("Server-Timing") || "");
  return { payload, serverMs: timing ? Number(timing[1]) : undefined };
}
async function api(path, body, method = "POST") { return (await request(path, body, method)).payload; }

function say(text) { $("message").textContent = text || ""; }

// --- cards ----------------------------------------------------------------------------------------

function cardName(token) {
  const suit = token[0], rank = token.slice(1);
  return `${SYMBOL[suit]} ${WORDS[state.lang].ranks[rank]}`;
}
function cardTitle(token) {
  return `${WORDS[state.lang].ranks[token.slice(1)]} (${WORDS[state.lang].suits[token[0]]})`;
}
function tokens(text) { return (text || "").split(/\s+/).filter(Boolean); }

function cardElement(token, tag = "span") {
  const el = document.createElement(tag);
  el.className = `card s-${token[0]}`;
  el.dataset.card = token;
  el.title = cardTitle(token);
  const face = document.createElement("span");
  face.className = "face";
  face.textContent = cardName(token);
  el.append(face);
  if (tag === "button") el.type = "button";
  return el;
}

// --- the view -------------------------------------------------------------------------------------

async function refresh() {
  if (!state.start) return;
  const seq = ++state.seq;
  staleHands();
  try {
    const { payload: view, serverMs } = await request("/api/board",
      { position: state.start, cards: state.cards.slice(0, state.at) });
    if (seq !== state.seq) return;  // a newer request has been sent
    state.view = view;
    state.canon = view.start;  // the set-up as the server read it: defaults filled in, one spelling
    say("");
    draw(serverMs);
  } catch (error) {
    if (seq === state.seq) say(error.message);
  }
  writeLink();
}

function componentName(name) {
  const contract = state.lang === "cs" && state.meta.contracts.find((c) => c.value === name);
  return contract ? contract.czech : name;
}

function seatLabel(seat, position) {
  const role = seat === position.actor ? t("role_actor") : t("role_defence");
  return `${seat} ${t("seats")[seat]} (${role})`;
}

function bestCards(view) {
  const values = view.solve && view.solve.card_values;
  if (!values) return new Set();
  const actorMoves = view.to_move === view.position.actor;
  const score = ([, v]) => (v.makes ? 1000 : 0) + (v.hra_value ?? 0);
  const scores = Object.entries(values).map((entry) => [entry[0], score(entry)]);
  const target = actorMoves ? Math.max(...scores.map((s) => s[1])) : Math.min(...scores.map((s) => s[1]));
  return new Set(scores.filter((s) => s[1] === target).map((s) => s[0]));
}

function draw(ms) {
  const view = state.view, position = view.position;
  syncMenus(view.start || position);  // the set-up's menus show the set-up, not the trick in progress
  fillAdviceSeats();
  const contract = state.meta.contracts.find((c) => c.value === position.contract);
  const name = state.lang === "cs" ? contract.czech : contract.value;
  const parts = [name];
  if (position.trump) parts.push(`${t("trump")}: ${SYMBOL[position.trump]} ${t("suits")[position.trump]}`);
  if (position.side_suit) parts.push(`${t("side_suit")}: ${SYMBOL[position.side_suit]} ${t("suits")[position.side_suit]}`);
  $("contract-line").textContent = parts.join(" · ");

  const values = (view.solve && view.solve.card_values) || {};
  const best = bestCards(view);
  const hands = $("hands");
  hands.replaceChildren();
  position.hands.forEach((hand, seat) => {
    const row = document.createElement("div");
    row.className = "hand" + (seat === view.to_move ? " to-move" : "");
    row.id = `hand-${seat}`;
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatLabel(seat, position) + (seat === view.to_move ? ` — ${t("to_move")}` : "");
    row.append(who);
    for (const token of tokens(hand)) {
      const el = cardElement(token, "button");
      if (seat === view.to_move && view.legal.includes(token)) {
        el.classList.add("legal");
        const value = values[token];
        if (value) {
          el.classList.add(value.makes ? "makes" : "fails");
          el.dataset.makes = String(value.makes);
          if (value.hra_value !== undefined) el.dataset.hra = String(value.hra_value);
          const small = document.createElement("span");
          small.className = "val";
          small.textContent = (value.makes ? t("makes") : t("fails")) +
            (value.hra_value !== undefined ? ` · ${value.hra_value}` : "");
          el.append(small);
          if (best.has(token)) { el.classList.add("best"); el.dataset.best = "true"; }
        }
        el.addEventListener("click", () => playCard(token));
        el.setAttribute("aria-label", `${cardTitle(token)}${value ? ", " + valueText(value) : ""}`);
      } else {
        el.disabled = true;
      }
      row.append(el);
    }
    hands.append(row);
  });
  $("talon").replaceChildren(...tokens(position.talon).map((c) => cardElement(c)));
  $("trick").replaceChildren(...(position.trick || []).map((c) => cardElement(c)));
  const score = position.score || { actor: 0, defence: 0 };
  $("score").textContent = `${t("role_actor")} ${score.actor}, ${t("role_defence")} ${score.defence}`;

  const list = $("tricks");
  list.replaceChildren();
  view.tricks.forEach((trick, i) => {
    const li = document.createElement("li");
    li.textContent = t("trick_line", trick.cards.map(cardName).join("  "), trick.winner, trick.points);
    list.append(li);
  });

  const verdict = $("verdict");
  verdict.className = "";
  $("components").replaceChildren();
  $("points").textContent = "";
  if (view.solve) {
    const s = view.solve;
    verdict.textContent = `${name}: ${s.makes ? t("verdict_makes") : t("verdict_fails")}`;
    verdict.className = s.makes ? "makes" : "fails";
    verdict.dataset.makes = String(s.makes);
    for (const [component, ok] of Object.entries(s.components)) {
      const li = document.createElement("li");
      li.dataset.component = component;
      li.textContent = `${componentName(component)}: ${ok ? t("makes") : t("fails")}`;
      $("components").append(li);
    }
    if (s.actor_points !== null) $("points").textContent = t("points", s.actor_points, s.defence_points);
    $("points").dataset.actor = String(s.actor_points);
    if (ms !== undefined) state.ms = ms;
    $("solve-time").textContent = t("served", Math.round(state.ms));
  } else {
    delete verdict.dataset.makes;
    verdict.textContent = view.finished ? t("finished") : view.decided ? `${t("decided")}: ${view.decided}` : "";
    $("solve-time").textContent = "";
  }
  showResult(view.finished ? view.result : null);
  if (state.lineTimer !== null && !view.solve) stopLine();
  $("back").disabled = state.at === 0;
  $("first").disabled = state.at === 0;
  $("forward").disabled = state.at >= state.cards.length;
  $("best").disabled = !view.solve;
  $("line").disabled = !view.solve && state.lineTimer === null;
}

// The end of the play: each component won or lost, the points, and the payment (as "marias solve
// --payment" settles the deal; the csm bonuses counted from the actor's hand when the board holds the deal).
function showResult(result) {
  const box = $("result");
  box.replaceChildren();
  box.hidden = !result;
  if (!result) return;
  const head = document.createElement("strong");
  head.textContent = t("result_h") + ": ";
  const parts = Object.entries(result.components || {}).map(([c, ok]) => `${componentName(c)} ${ok ? t("won") : t("lost")}`);
  if (result.actor_tricks !== null && result.actor_tricks !== undefined) parts.push(t("result_tricks", result.actor_tricks));
  else if (result.totals) parts.push(t("result_points", result.totals.actor, result.totals.defence));
  const line = document.createElement("p");
  line.id = "result-line";
  line.append(head, parts.join(", "));
  const pay = document.createElement("p");
  pay.id = "result-payment";
  const p = result.payment;
  if (p) {
    const amount = (x) => `${x > 0 ? "+" : x < 0 ? "−" : ""}${Math.abs(x).toFixed(2).replace(/\.00$/, "")}`;
    pay.textContent = `${t("payment_h", p.unit)}: ` + p.payments.map((x, seat) => t("pays", seat, amount(x))).join(", ");
    pay.dataset.payments = JSON.stringify(p.payments);
    const lines = document.createElement("ul");
    lines.className = "hint";
    for (const row of p.lines || []) {
      const li = document.createElement("li");
      li.textContent = `${row.amount} ${p.unit}: ${row.description}`;
      lines.append(li);
    }
    box.append(line, pay, lines);
  } else {
    pay.textContent = t("no_payment", result.payment_error || "");
    box.append(line, pay);
  }
}

function valueText(value) {
  return (value.makes ? t("makes") : t("fails")) + (value.hra_value !== undefined ? ` ${value.hra_value}` : "");
}

// --- moving through the play ----------------------------------------------------------------------

function playCard(token) {
  state.cards = state.cards.slice(0, state.at).concat([token]);
  state.at += 1;
  return refresh();
}
function go(at) {
  state.at = Math.max(0, Math.min(at, state.cards.length));
  return refresh();
}
// The hands on the table stand for the position before the move just made until the server's
// answer redraws them: their buttons go dark at once, so that a second click (a quick hand, or a
// slow server) cannot play a card of the old position on top of the new one.
function staleHands() {
  document.querySelectorAll("#hands button").forEach((el) => { el.disabled = true; });
}
function playBest() {
  const view = state.view;
  if (!view || !view.solve) return;
  const next = view.solve.line[0];
  if (next) return playCard(next);
}
function toggleLine() {
  if (state.lineTimer !== null) { stopLine(); return; }
  $("line").setAttribute("aria-pressed", "true");
  const step = async () => {
    if (!state.view || !state.view.solve || !state.view.solve.line.length) { stopLine(); return; }
    await playBest();
    if (state.lineTimer !== null) state.lineTimer = setTimeout(step, 600);  // unless stopped meanwhile
  };
  state.lineTimer = setTimeout(step, 0);
}
function stopLine() {
  clearTimeout(state.lineTimer);
  state.lineTimer = null;
  $("line").setAttribute("aria-pressed", "false");
  $("line").disabled = !(state.view && state.view.solve);  // nothing left to play: not lit, not offered
}

// --- menus ----------------------------------------------------------------------------------------

function fillMenus() {
  const meta = state.meta;
  const options = (select, items) => {
    const current = select.value;
    select.replaceChildren(...items.map(([value, label]) => new Option(label, value)));
    if (current) select.value = current;
  };
  options($("contract"), meta.contracts.map((c) => [c.value, state.lang === "cs" ? c.czech : c.value]));
  const suits = [...SUITS].map((s) => [s, `${SYMBOL[s]} ${t("suits")[s]}`]);
  options($("trump"), [["", t("none")], ...suits]);
  options($("side_suit"), [["", t("none")], ...suits]);
  const seats = [0, 1, 2].map((s) => [String(s), `${s} ${t("seats")[s]}`]);
  options($("actor"), seats);
  options($("leader"), seats);
  options($("rules"), meta.rule_sets.map((r) => [r, r]));
  options($("marriage_rule"), meta.marriage_rules.map((r) => [r, t("marriage_rules")[r] || r]));
}

function syncMenus(position) {
  $("contract").value = position.contract;
  $("trump").value = position.trump || "";
  $("side_suit").value = position.side_suit || "";
  $("side-label").hidden = !position.side_suit && !["two-sevens", "two-sevens-hundred"].includes(position.contract);
  $("actor").value = String(position.actor);
  $("leader").value = String(position.leader);
  $("rules").value = position.rules;
  $("marriage_rule").value = position.marriage_rule || "czech";
}

function menuChanged(key) {
  return () => {
    const start = { ...state.start };
    const value = $(key).value;
    if (key === "actor" || key === "leader") start[key] = Number(value);
    else if (key === "trump" || key === "side_suit") { if (value) start[key] = value; else if (key === "side_suit") delete start[key]; else start[key] = null; }
    else start[key] = value;
    if (key === "contract") {
      const contract = state.meta.contracts.find((c) => c.value === value);
      if (!contract.has_trumps) start.trump = null;
      else if (!start.trump) start.trump = "h";
      if (!["two-sevens", "two-sevens-hundred"].includes(value)) delete start.side_suit;
      else if (!start.side_suit) start.side_suit = [..."hbla"].find((s) => s !== start.trump);
    }
    if (key === "contract" || key === "actor" || key === "rules") delete start.leader;  // the rule's leader
    setStart(start, [], 0);
  };
}

// --- set-up ---------------------------------------------------------------------------------------

function setStart(position, cards = [], at = 0) {
  state.start = position;
  state.canon = null;
  state.deal += 1;  // a new deal: an answer asked for the old one is dropped when it comes
  dropAdvice();
  state.cards = cards;
  state.at = at;
  $("claim-result").replaceChildren();
  $("review-table").replaceChildren();
  $("advice-table").replaceChildren();
  $("advice-status").textContent = "";
  state.advice = null;
  state.claim = null;
  fillAdviceSeats();
  state.reading = refresh();  // the server reads the set-up back (state.canon): advice waits for it
  return state.reading;
}

// A running advice job belongs to the deal it was asked for: cancel it and forget it.
function dropAdvice() {
  if (state.adviceJob) {
    api(`/api/jobs/${state.adviceJob}`, undefined, "DELETE").catch(() => {});
    state.adviceJob = null;
    $("advice-status").textContent = t("advice_stale");
  }
  state.adviceGen += 1;
  $("advice-progress").hidden = true;
  $("advice-cancel").hidden = true;
}

async function deal() {
  try {
    const position = await api("/api/deal", { seed: Number($("seed").value || 0), rules: $("rules").value || "csm" });
    await setStart(position);
  } catch (error) { say(error.message); }
}

function loadPasted() {
  const text = $("paste").value.trim();
  if (!text) return;
  $("paste-box").open = false;
  if (text.startsWith("{")) {
    let data;
    try { data = JSON.parse(text); } catch (error) { say(`JSON: ${error.message}`); return; }
    if (data.position) return setStart(data.position, data.cards || [], data.cards ? data.cards.length : 0);
    return setStart(data);
  }
  let lines = text.split(/\n/).map((l) => l.trim()).filter(Boolean);
  // a line "play: hA h7 …" (or "hráno: …") gives the cards played, for a review
  const playLine = lines.find((l) => /^(play|hráno)\s*:/i.test(l));
  const played = playLine ? tokens(playLine.replace(/^[^:]*:/, "")) : [];
  lines = lines.filter((l) => l !== playLine);
  if (lines.length < 3) { say("three lines of cards: the hands of seats 0, 1 and 2 (and a fourth for the talon)"); return; }
  const base = state.start || { trump: "h", contract: "game", actor: 0, rules: "csm" };
  const position = { ...base, hands: lines.slice(0, 3), talon: lines[3] || "" };
  delete position.trick; delete position.score; delete position.marriages; delete position.leader;
  return setStart(position, played, played.length);
}

function writeLink() {
  const data = { position: state.start, cards: state.cards, at: state.at };
  history.replaceState(null, "", "#" + encodeURIComponent(JSON.stringify(data)));
}
function readLink() {
  if (location.hash.length < 2) return false;
  try {
    const data = JSON.parse(decodeURIComponent(location.hash.slice(1)));
    const cards = data.cards || [];
    return setStart(data.position, cards, Math.min(data.at ?? cards.length, cards.length));
  } catch (error) { say(`link: ${error.message}`); return false; }
}

// --- the card editor ------------------------------------------------------------------------------

function openEditor() {
  state.editing = !state.editing;
  $("edit").setAttribute("aria-pressed", String(state.editing));
  $("editor").hidden = !state.editing;
  if (!state.editing) return;
  const position = (state.view && state.view.position) || state.start;
  state.owner = {};
  position.hands.forEach((hand, seat) => tokens(hand).forEach((c) => { state.owner[c] = String(seat); }));
  tokens(position.talon).forEach((c) => { state.owner[c] = "talon"; });
  drawEditor();
}

function drawEditor() {
  const targets = $("targets");
  targets.replaceChildren();
  for (const target of ["0", "1", "2", "talon"]) {
    const label = document.createElement("label");
    const input = document.createElement("input");
    input.type = "radio"; input.name = "target"; input.value = target; input.checked = state.target === target;
    input.addEventListener("change", () => { state.target = target; });
    label.append(input, " ", target === "talon" ? t("talon") : `${target} ${t("seats")[Number(target)]}`);
    targets.append(label);
  }
  const pack = $("pack");
  pack.replaceChildren();
  for (const suit of SUITS) for (const rank of RANKS) {
    const token = suit + rank;
    const el = cardElement(token, "button");
    const where = document.createElement("span");
    where.className = "where";
    const owner = state.owner[token];
    where.textContent = owner === undefined ? t("pack") : owner === "talon" ? t("talon") : owner;
    el.append(where);
    el.setAttribute("aria-pressed", String(owner !== undefined));
    el.addEventListener("click", () => {
      if (state.owner[token] === state.target) delete state.owner[token]; else state.owner[token] = state.target;
      drawEditor();
      document.querySelector(`#pack [data-card="${token}"]`).focus();
    });
    pack.append(el);
  }
}

function applyEditor() {
  const of = (target) => Object.keys(state.owner).filter((c) => state.owner[c] === target).join(" ");
  const base = { ...state.start };
  delete base.trick; delete base.score; delete base.marriages;
  setStart({ ...base, hands: ["0", "1", "2"].map(of), talon: of("talon") });
}

// --- the laid-down check --------------------------------------------------------------------------

function claimJson() {
  const position = { ...state.view.position };
  const defenders = [0, 1, 2].filter((s) => s !== position.actor);
  const hands = position.hands.slice();
  position.unseen = defenders.map((s) => hands[s]).join(" ");
  defenders.forEach((s) => { hands[s] = null; });
  position.hands = hands;
  return position;
}

async function runClaim() {
  if (!state.view || !state.view.solve) return;
  const result = $("claim-result");
  result.replaceChildren();
  state.claimFrom = state.view.position;
  const flags = [];
  if ($("claim-count").checked) flags.push("count=1");
  if ($("claim-strict").checked) flags.push("strict=1");
  const query = flags.length ? "?" + flags.join("&") : "";
  try {
    let job = await api("/api/jobs/claim" + query, claimJson());
    state.job = job.id;
    $("claim-cancel").hidden = false;
    const bar = $("claim-progress");
    bar.hidden = false;
    while (job.state === "running") {
      await new Promise((r) => setTimeout(r, 150));
      job = await api(`/api/jobs/${job.id}`, undefined, "GET");
      if (job.total) { bar.max = job.total; bar.value = job.done; bar.title = t("searching", job.done, job.total); }
      // the strict search after the open-handed check reports no progress: an indeterminate bar
      if (flags.includes("strict=1") && job.total && job.done >= job.total) { bar.removeAttribute("value"); bar.title = t("strict"); }
    }
    bar.hidden = true;
    $("claim-cancel").hidden = true;
    state.job = null;
    if (job.state === "cancelled") { result.textContent = t("cancelled"); return; }
    if (job.state !== "done") { say(job.error); return; }
    showClaim(job.result);
  } catch (error) { say(error.message); $("claim-cancel").hidden = true; $("claim-progress").hidden = true; }
}

function showClaim(claim) {
  state.claim = claim;
  const result = $("claim-result");
  result.replaceChildren();
  const verdict = document.createElement("p");
  verdict.id = "claim-verdict";
  verdict.dataset.laidDown = String(claim.laid_down);
  verdict.className = claim.laid_down ? "makes" : "fails";
  verdict.textContent = `${claim.laid_down ? t("laid") : t("not_laid")} — ${t("checked", claim.distributions)}` +
    (claim.winning !== undefined ? `; ${t("winning", claim.winning, claim.distributions)}` : "");
  result.append(verdict);
  if ("strict" in claim) showStrict(claim, result);
  const example = claim.counterexample;
  if (!example) return;
  const box = document.createElement("div");
  box.className = "counterexample";
  box.id = "counterexample";
  const head = document.createElement("p");
  head.textContent = t("counter", componentName(example.component));
  box.append(head);
  const actor = example.position.actor;
  example.hands.forEach((hand, seat) => {
    if (seat === actor) return;
    const row = document.createElement("div");
    row.className = "hand";
    row.dataset.seat = String(seat);
    const who = document.createElement("span");
    who.className = "who";
    who.textContent = seatLabel(seat, example.position);
    row.append(who, ...tokens(hand).map((c) => cardElement(c)));
    box.append(row);
  });
  const line = document.createElement("div");
  line.id = "counter-line";
  line.textContent = `${t("defence_line")}: ${example.line.map(cardName).join(" ")}`;
  box.append(line);
  drawLine(line, example.position, example.line);
  const open = document.createElement("button");
  open.type = "button";
  open.id = "open-counterexample";
  open.textContent = t("open_counter");
  open.addEventListener("click", () => setStart(example.position, example.line, 0));
  box.append(open);
  result.append(box);
}

// A line of cards as tricks: each card with its seat, a break after each trick and its winner
// (the server plays the line: POST /api/board?analyse=0).
async function drawLine(box, position, cards) {
  try {
    const view = await api("/api/board?analyse=0", { position, cards });
    const list = document.createElement("ol");
    list.className = "tricks line";
    for (const trick of view.tricks) {
      const li = document.createElement("li");
      li.textContent = trick.cards.map((c, i) => `${trick.players[i]}:${cardName(c)}`).join("  ") + "  " +
        t("takes", trick.winner);
      list.append(li);
    }
    const rest = cards.slice(view.tricks.reduce((n, tr) => n + tr.cards.length, 0) - (position.trick || []).length);
    if (rest.length && rest.length < cards.length) {
      const li = document.createElement("li");
      li.textContent = rest.map(cardName).join("  ");
      list.append(li);
    }
    const head = document.createElement("p");
    head.textContent = `${t("defence_line")}:`;
    box.replaceChildren(head, list);
  } catch (error) { /* the flat line stays */ }
}

async function cancelClaim() {
  if (state.job) await api(`/api/jobs/${state.job}`, undefined, "DELETE").catch((e) => say(e.message));
}

// --- the strict check: both verdicts, the plan or the guess --------------------------------------

function showStrict(claim, result) {
  const box = document.createElement("div");
  box.className = "verdicts";
  box.id = "strict-verdicts";
  const word = (v) => (v === true ? t("yes") : v === false ? t("no") : t("undecided_time"));
  for (const [id, label, value] of [["verdict-open", t("open_handed"), claim.laid_down],
                                    ["verdict-strict", t("without_seeing"), claim.strict]]) {
    const cell = document.createElement("div");
    cell.id = id;
    cell.className = value === true ? "makes" : value === false ? "fails" : "";
    cell.dataset.value = String(value);
    const head = document.createElement("div");
    head.className = "hint";
    head.textContent = label;
    const verdict = document.createElement("strong");
    verdict.textContent = word(value);
    cell.append(head, verdict);
    box.append(cell);
  }
  result.append(box);
  if (claim.plan) {
    const head = document.createElement("p");
    head.textContent = t("plan_h");
    const plan = document.createElement("div");
    plan.className = "plan";
    plan.id = "plan";
    for (const [depth, text, card] of planLines(claim.plan)) {
      const step = document.createElement("div");
      if (card) step.dataset.play = card;
      step.className = "step";
      step.style.paddingLeft = `${1.2 * depth}rem`;
      step.textContent = text;
      plan.append(step);
    }
    result.append(head, plan);
  }
  if (claim.guess) result.append(guessBox(claim.guess));
}

const PLAN_LINES = 400;  // a plan's steps shown at most (the JSON answer has all of it)

function stable(value) {  // JSON with sorted keys: equal plans group together
  if (Array.isArray(value)) return `[${value.map(stable).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${stable(value[k])}`).join(",")}}`;
  }
  return JSON.stringify(value);
}

function replyLabel(seat, label) {
  const [card, marriage] = label.split("+");
  return `${seat}:${cardName(card)}${marriage ? ` (${t("marriage")})` : ""}`;
}

function flattenReplies(plan, prefix = "") {
  const out = [];
  for (const [label, sub] of Object.entries(plan.replies)) {
    const text = prefix + replyLabel(plan.seat, label);
    if (sub.replies) out.push(...flattenReplies(sub, text + " ")); else out.push([text, sub]);
  }
  return out;
}

// The plan as numbered steps, as "marias claim --strict" prints it (analyzer.strict.draw_plan):
// the defence's replies until the actor's next turn grouped by what follows them.
function planLines(plan, step = 1, depth = 0, lines = []) {
  if (lines.length >= PLAN_LINES) return lines;
  if (plan.play) {
    lines.push([depth, t("play_step", step, cardName(plan.play)), plan.play]);
    planLines(plan.then, step + 1, depth + 1, lines);
  } else if (plan.replies) {
    const groups = new Map();
    for (const [label, sub] of flattenReplies(plan)) {
      const key = stable(sub);
      if (!groups.has(key)) groups.set(key, { labels: [], sub });
      groups.get(key).labels.push(label);
    }
    const ordered = [...groups.values()].sort((a, b) => a.labels.length - b.labels.length);
    ordered.forEach((group, i) => {
      const head = ordered.length === 1 ? t("whatever") : i === ordered.length - 1 ? t("anything_else")
        : t("on", group.labels.join(" | "));
      lines.push([depth, "– " + head]);
      planLines(group.sub, step, depth + 1, lines);
    });
    for (const [card, lower] of Object.entries(plan.same || {})) {
      lines.push([depth, "– " + t("same", plan.seat, cardName(card), cardName(lower))]);
    }
  } else if (plan.sure) {
    lines.push([depth, `${step}. ${t("sure_" + plan.sure)}`]);
  } else if (plan.known) {
    lines.push([depth, t("known_step", step, plan.known.map((h, s) => `${s}: ${h}`).join("; "))]);
  } else {
    lines.push([depth, t("forced_step", step)]);
  }
  return lines;
}

const playToken = (text) => (/([hbla][789UOKXA])/.exec(text) || [])[1];

function guessBox(guess) {
  const box = document.createElement("div");
  box.className = "guess";
  box.id = "guess";
  const head = document.createElement("p");
  const seen = (play) => replyLabel(play.split(":")[0], play.split(":")[1]);
  head.textContent = t("guess_h", guess.after.map(seen).join(" "));
  box.append(head);
  const from = state.claimFrom;
  const after = guess.after.map(playToken).filter(Boolean);
  guess.redistributions.forEach((option, i) => {
    const row = document.createElement("p");
    row.className = "guess-row";
    const hands = option.hands.map((h, s) => (h === null ? null : `${s}: ${tokens(h).map(cardName).join(" ")}`))
      .filter(Boolean).join("; ");
    row.textContent = t("guess_row", hands, option.needs.map(cardName).join(" | "), cardName(option.wrong),
                        option.line.map(cardName).join(" "));
    const open = document.createElement("button");
    open.type = "button";
    open.id = `open-guess-${i}`;
    open.textContent = t("show_guess");
    open.addEventListener("click", () => {
      // the guess's hands are those after the plays in "after": give those cards back to their seats
      const hands = from.hands.map((h, s) => tokens(option.hands[s] ?? h));
      guess.after.forEach((play) => { hands[Number(play.split(":")[0])].push(playToken(play)); });
      const position = { ...from, hands: hands.map((h) => h.join(" ")) };
      delete position.unseen;
      const line = option.line[0] === option.wrong ? option.line : [option.wrong, ...option.line];
      setStart(position, [...after, ...line], after.length);
    });
    row.append(" ", open);
    box.append(row);
  });
  return box;
}

// --- advice ---------------------------------------------------------------------------------------

function fillAdviceSeats() {
  const select = $("advice-seat"), position = state.canon || state.start;
  if (!position || position.actor === undefined) return;
  const current = select.dataset.actor === String(position.actor) ? select.value : String(position.actor);
  select.replaceChildren(...[0, 1, 2].map((s) => new Option(seatLabel(s, position), String(s))));
  select.value = current;
  select.dataset.actor = String(position.actor);
}

// The advice request (the options of "marias advise") for the chosen hand of the deal as set up:
// the actor's view with his ten cards and the talon, or a defender's view of the contract.
function adviceRequest() {
  const p = state.canon;  // the set-up as read: a pasted deal in any spelling, its defaults filled in
  if (!p) return null;
  const fresh = p.hands.every((h) => tokens(h).length === 10) && tokens(p.talon).length === 2 &&
    !(p.trick || []).length && !state.cards.slice(0, state.at).length;
  if (!fresh) return null;
  const seat = Number($("advice-seat").value);
  const request = { hand: p.hands[seat], seat, rules: p.rules,
                    worlds: Number($("advice-worlds").value || 40), seed: Number($("advice-seed").value || 0) };
  if (seat === p.actor) {
    request.talon = p.talon;
    if (p.rules === "basic" && p.trump) request.trump = p.trump;
  } else {
    request.defend = p.contract;
    request.actor = p.actor;
    if (p.trump) request.trump = p.trump;
    if (p.side_suit) request.side_suit = p.side_suit;
  }
  return request;
}

async function runAdvice() {
  if (!state.start || state.adviceJob) return;
  if (!state.canon && state.reading) await state.reading;  // a deal just loaded: read it first
  const request = adviceRequest();
  if (!request) { say(t("advice_needs_deal")); return; }
  const gen = ++state.adviceGen, deal = state.deal, asked = { ...state.canon };
  const current = () => gen === state.adviceGen && deal === state.deal;
  $("advice-table").replaceChildren();
  const bar = $("advice-progress"), status = $("advice-status");
  try {
    let job = await api("/api/jobs/advise", request);
    if (!current()) { api(`/api/jobs/${job.id}`, undefined, "DELETE").catch(() => {}); return; }
    state.adviceJob = job.id;
    $("advice-cancel").hidden = false;
    bar.hidden = false;
    bar.value = 0;
    status.textContent = t("advising", 0);
    while (job.state === "running") {
      await new Promise((r) => setTimeout(r, 150));
      if (!current()) return;  // the deal changed: dropAdvice cancelled the job
      job = await api(`/api/jobs/${job.id}`, undefined, "GET");
      if (!current()) return;
      bar.value = job.done;
      status.textContent = t("advising", Math.round(job.done / 10));
    }
    if (job.state === "cancelled") status.textContent = t("cancelled");
    else if (job.state !== "done") { status.textContent = ""; say(job.error); }
    else showAdvice({ ...job.result, asked, askedSeat: request.seat });
  } catch (error) { if (current()) { say(error.message); status.textContent = ""; } }
  if (!current()) return;
  state.adviceJob = null;
  bar.hidden = true;
  $("advice-cancel").hidden = true;
}

// The deal an advice belongs to, as a key (its hands and talon) the page and its tests compare.
function dealKey(position) {
  return position ? [...position.hands, position.talon || ""].join("|") : "";
}

// A share with its 95 % interval (the JSON's ci95), as the CLI prints it: a bound at 0 and 1.
function pct(p, ci, exact) {
  if (p === null || p === undefined) return "–";
  const f = (x) => `${(100 * x).toFixed(1)} %`;
  if (exact) return `${f(p)} (${t("exact")})`;
  if (!ci) return f(p);
  if (p <= 0) return `${f(p)} (≤ ${f(ci[1])} ${t("at95")})`;  // 0 of n: the bound, never "± 0"
  if (p >= 1) return `${f(p)} (≥ ${f(ci[0])} ${t("at95")})`;
  return `${f(p)} [${(100 * ci[0]).toFixed(1)}–${f(ci[1])}]`;
}
function money(x, se, unit, exact) {
  if (x === null || x === undefined) return "–";
  return `${x >= 0 ? "+" : ""}${x.toFixed(2)}` + (exact ? "" : ` ± ${(se ?? 0).toFixed(2)}`) + ` ${unit}`;
}

function optionText(advice, o) {
  const suit = (s) => `${SYMBOL[s]} ${t("suits")[s]}`;
  if (advice.view === "bidder") return `${t("contract")} ${o.level}`;
  if (advice.view === "forehand") return `${t("trump")}: ${o.trump ? suit(o.trump) : t("none")}`;
  if (advice.view === "defender") return o.flek ? t("flek_on", o.flek.map(componentName).join(" + ")) : t("no_flek");
  let text = componentName(o.contract);
  if (o.trump) text += " " + t("in_suit", suit(o.trump));
  if (o.side_suit) text += ` (${t("side", suit(o.side_suit))})`;
  if (o.discard) text += `, ${t("discard")} ${o.discard.map(cardName).join(" ")}`;
  if (o.alike_discards && o.alike_discards.length)
    text += ` (${t("or_alike")} ${o.alike_discards.map((d) => d.map(cardName).join(" ")).join(", ")})`;
  return text;
}

function showAdvice(advice) {
  state.advice = advice;
  const table = $("advice-table");
  table.replaceChildren();
  if (advice.asked) {
    // the table names its deal: the hand asked about (and the talon), so no table passes for another deal's
    const p = advice.asked, seat = advice.askedSeat;
    const caption = table.createCaption();
    caption.textContent = t("advice_for", seatLabel(seat, p), tokens(p.hands[seat]).map(cardName).join(" "),
                            seat === p.actor ? tokens(p.talon).map(cardName).join(" ") : "");
    table.dataset.deal = dealKey(p);
  }
  const head = table.createTHead().insertRow();
  for (const word of ["#", "option", "p_make", "payment", "p_loss"]) {
    const th = document.createElement("th");
    th.textContent = word === "#" ? "#" : t(word);
    head.append(th);
  }
  const body = table.createTBody();
  advice.options.forEach((o, i) => {
    const tr = body.insertRow();
    tr.dataset.worlds = String(o.worlds);
    tr.dataset.contract = o.contract ?? "";
    tr.dataset.payment = String(o.expected_payment);
    const screened = (o.stage || "").startsWith("screened");
    if (screened) tr.className = "screened";
    const cell = (text, numeric = false) => {
      const td = tr.insertCell();
      td.textContent = text;
      if (numeric) td.className = "num";
      return td;
    };
    cell(String(i + 1), true);
    const what = cell(optionText(advice, o));
    const note = document.createElement("span");  // n and the stage under the option: two columns fewer
    note.className = "note";
    note.textContent = `n = ${o.worlds}` + (o.exact ? ` (${t("exact")})` : "") +
      (o.stage ? ` · ${screened ? t("stage_screened") : t("stage_confirmed")}` : "");
    what.append(note);
    cell(pct(o.p_make.makes, (o.ci95 || {}).makes, o.exact), true);
    let payment = money(o.expected_payment, o.payment_stderr, advice.unit, o.exact);
    if (advice.view === "defender" && o.flek) payment += ` (${t("gain")} ${money(o.flek_gain, o.flek_gain_stderr, advice.unit, false)})`;
    cell(payment, true);
    cell(pct(o.p_loss, o.p_loss_ci95, o.exact), true);
  });
  let status = t("advice_done", advice.options.length, advice.seed);
  if (advice.view === "defender") status += ". " + t("flek_summary", (advice.flek || []).map(componentName).join(", "));
  $("advice-status").textContent = status;
}

async function cancelAdvice() {
  if (state.adviceJob) await api(`/api/jobs/${state.adviceJob}`, undefined, "DELETE").catch((e) => say(e.message));
}

// --- review ---------------------------------------------------------------------------------------

// The game as "marias review" reads it: the deal and the cards played, grouped by trick from
// the start (a review from a trick in progress is refused by the server, in one line).
function gameJson() {
  const played = state.cards.slice(0, state.at);
  const first = 3 - (state.start.trick || []).length;
  const tricks = [played.slice(0, first)];
  for (let i = first; i < played.length; i += 3) tricks.push(played.slice(i, i + 3));
  return { ...state.start, played: tricks.filter((t) => t.length) };
}

async function review() {
  const table = $("review-table");
  table.replaceChildren();
  if (!state.at) { table.insertRow().insertCell().textContent = t("review_none"); return; }
  try {
    const result = await api("/api/review", gameJson());
    const head = table.createTHead().insertRow();
    for (const word of ["trick", "seat", "played", "best_was", "loss"]) {
      const th = document.createElement("th"); th.textContent = t(word); head.append(th);
    }
    const body = table.createTBody();
    result.moves.forEach((move, i) => {
      const tr = body.insertRow();
      const loss = move.turn ? t(move.side === "actor" ? "turned_actor" : "turned_defence")
        : move.cost ? `−${move.cost}` : "";
      tr.className = loss ? "mistake" : "";
      tr.dataset.card = move.card;
      tr.insertCell().textContent = String(move.trick);
      tr.insertCell().textContent = `${move.seat} ${move.side === "actor" ? t("role_actor") : t("role_defence")}`;
      tr.insertCell().textContent = cardName(move.card);
      tr.insertCell().textContent = move.best.map(cardName).join(" ");
      tr.insertCell().textContent = loss || t("ok");
      tr.tabIndex = 0;
      tr.addEventListener("click", () => go(i));
      tr.addEventListener("keydown", (event) => { if (event.key === "Enter") go(i); });
    });
    if (result.stopped) table.createCaption().textContent = result.stopped;
  } catch (error) { say(error.message); }
}

// --- language -------------------------------------------------------------------------------------

function setLanguage(lang) {
  state.lang = lang;
  document.documentElement.lang = lang;
  $("lang-cs").setAttribute("aria-pressed", String(lang === "cs"));
  $("lang-en").setAttribute("aria-pressed", String(lang === "en"));
  document.querySelectorAll("[data-t]").forEach((el) => { el.textContent = t(el.dataset.t); });
  document.title = t("title");
  try { localStorage.setItem("marias-lang", lang); } catch (error) { /* private mode */ }
  if (state.meta) fillMenus();
  if (state.view) draw();
  if (state.editing) drawEditor();
  fillAdviceSeats();
  if (state.advice) showAdvice(state.advice);
  if (state.claim && $("claim-result").childNodes.length) showClaim(state.claim);
}

// --- start ----------------------------------------------------------------------------------------

async function main() {
  state.meta = await api("/api/meta", undefined, "GET");
  let lang = "en";
  try { lang = localStorage.getItem("marias-lang") || (navigator.language.startsWith("cs") ? "cs" : "en"); } catch (e) { /* */ }
  setLanguage(lang);
  $("lang-cs").addEventListener("click", () => setLanguage("cs"));
  $("lang-en").addEventListener("click", () => setLanguage("en"));
  for (const key of ["contract", "trump", "side_suit", "actor", "leader", "rules", "marriage_rule"]) {
    $(key).addEventListener("change", menuChanged(key));
  }
  $("deal").addEventListener("click", deal);
  $("load").addEventListener("click", loadPasted);
  $("edit").addEventListener("click", openEditor);
  $("apply").addEventListener("click", applyEditor);
  $("share").addEventListener("click", async () => {
    writeLink();
    try { await navigator.clipboard.writeText(location.href); } catch (error) { /* no clipboard: the address bar has it */ }
    say(t("copied"));
  });
  $("first").addEventListener("click", () => go(0));
  $("back").addEventListener("click", () => go(state.at - 1));
  $("forward").addEventListener("click", () => go(state.at + 1));
  $("best").addEventListener("click", playBest);
  $("line").addEventListener("click", toggleLine);
  $("claim").addEventListener("click", runClaim);
  $("claim-cancel").addEventListener("click", cancelClaim);
  $("advise").addEventListener("click", runAdvice);
  $("advice-cancel").addEventListener("click", cancelAdvice);
  $("review").addEventListener("click", review);
  document.addEventListener("keydown", (event) => {
    if (["INPUT", "TEXTAREA", "SELECT"].includes(event.target.tagName) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (document.body.dataset.game === "tysiacha") return;  // the Mariáš board is hidden (tysiacha.js)
    if (event.key === "ArrowLeft") { go(state.at - 1); event.preventDefault(); }
    else if (event.key === "ArrowRight") { go(state.at + 1); event.preventDefault(); }
    else if (event.key === "Home") { go(0); event.preventDefault(); }
    else if (event.key === "b" || event.key === "B") playBest();
  });
  window.addEventListener("hashchange", readLink);
  const linked = readLink();
  if (linked) await linked; else await deal();
  document.body.dataset.ready = "true";
}

main().catch((error) => say(error.message));
