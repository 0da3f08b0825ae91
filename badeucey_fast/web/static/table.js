// The table page: settings, then one hand after another against the bot.
// Every click sends one request; the server answers with the whole state,
// which render() draws (the page keeps nothing else but the cards picked to throw).
"use strict";

let options = null;   // GET api/table/options
let tableId = null;
let state = null;
const picked = new Set();  // the cards picked to throw in this draw

function setting(id) { return byId(id).value; }

function fillSelect(select, values, chosen) {
  select.replaceChildren(...values.map((v) => element("option", { value: v }, v)));
  select.value = chosen;
}

// The cfr bot plays its strategy's rules: the stakes are shown and locked.
function lockStakes() {
  const cfr = setting("bot") === "cfr";
  const note = byId("cfr-note");
  for (const id of ["structure", "small-blind", "big-blind"]) byId(id).disabled = cfr;
  if (cfr) {
    const rules = options.cfr[setting("game")];
    byId("structure").value = rules.structure;
    byId("small-blind").value = rules.small_blind;
    byId("big-blind").value = rules.big_blind;
    note.textContent = `The cfr bot plays the strategy shipped for ${setting("game")}: ${rules.structure} limit, `
      + `blinds ${rules.small_blind}/${rules.big_blind}.`;
  }
  note.classList.toggle("hidden", !cfr);
}

async function start(event) {
  event.preventDefault();
  const seed = setting("seed");
  const settings = {
    game: setting("game"), bot: setting("bot"), structure: setting("structure"),
    small_blind: Number(setting("small-blind")), big_blind: Number(setting("big-blind")),
    stack: Number(setting("stack")), seed: seed === "" ? null : Number(seed),
  };
  byId("settings-error").textContent = "";
  try {
    const answer = await requestJSON("api/table/new", settings);
    tableId = answer.id;
    byId("table").classList.remove("hidden");
    render(answer.state);
  } catch (err) {
    byId("settings-error").textContent = err.message;
  }
}

async function send(path, body) {
  byId("action-error").textContent = "";
  for (const b of byId("actions").querySelectorAll("button")) b.disabled = true;
  try {
    render(await requestJSON(`api/table/${tableId}/${path}`, body));
  } catch (err) {
    byId("action-error").textContent = err.message;
    render(state);
  }
}

function act(action) { return send("act", { action }); }

function drawCounts(draws) {
  if (!draws.length) return "no draw yet";
  return "drew " + draws.map((d) => (d === null ? "\u2013" : d)).join(", ");
}

function renderSeat(index, seat, cards, isNew) {
  const el = byId(`seat-${index}`);
  el.classList.toggle("to-act", seat.to_act);
  el.classList.toggle("folded", seat.folded);
  el.querySelector(".name").textContent = seat.name;
  el.querySelector(".button-chip").classList.toggle("hidden", !seat.button);
  const notes = [seat.folded ? "folded" : "", seat.all_in ? "all in" : ""].filter(Boolean).join(", ");
  el.querySelector(".chips").textContent = `stack ${seat.stack} \u00b7 bet ${seat.bet}` + (notes ? ` \u00b7 ${notes}` : "");
  el.querySelector(".draws").textContent = drawCounts(seat.draws);
  el.querySelector(".draws").dataset.counts = JSON.stringify(seat.draws);
  showCards(el.querySelector(".cards"), cards, { isNew });
}

function render(next) {
  state = next;
  const you = state.you;
  const legal = you.legal;
  const size = you.cards.length;
  const bot = state.seats[1];
  renderSeat(0, state.seats[0], you.cards, you.new);
  renderSeat(1, bot, bot.shown || Array(size).fill(null), []);
  byId("pot").textContent = `Pot ${state.pot}`;
  byId("stage").textContent = `hand ${state.hand_number} \u00b7 ${state.stage}`;
  const r = state.rules;
  const stakes = r.structure === "fixed" ? `${r.small_bet}/${r.big_bet} fixed limit`
    : `${r.small_blind}/${r.big_blind} ${r.structure === "pot" ? "pot" : "no"} limit`;
  byId("rules").textContent = `${r.game} \u00b7 ${stakes}`;

  // the draw: your cards are picked by clicking them
  const drawing = legal !== null && legal.phase === "draw";
  if (!drawing) picked.clear();
  for (const card of byId("your-cards").querySelectorAll(".card")) {
    if (!drawing) continue;
    card.classList.add("pickable");
    card.classList.toggle("picked", picked.has(card.dataset.card));
    card.addEventListener("click", () => togglePick(card, legal.max_discard));
  }
  renderActions(legal);
  renderShowdown(state.showdown);
  renderResult(state.result, state.rules.big_blind);
  renderLog(state.log);
}

function togglePick(card, most) {
  const text = card.dataset.card;
  if (picked.has(text)) picked.delete(text);
  else if (picked.size < most) picked.add(text);
  card.classList.toggle("picked", picked.has(text));
  updateDrawButton();
}

function updateDrawButton() {
  const n = picked.size;
  byId("act-draw").textContent = n ? `Draw ${n}` : "Stand pat";
}

function show(id, visible) { byId(id).classList.toggle("hidden", !visible); }

function renderActions(legal) {
  const over = state.phase === "over";
  const betting = legal !== null && legal.phase === "bet";
  show("act-fold", betting && legal.can_fold);
  show("act-call", betting);
  show("raise-box", betting && legal.min_raise_to !== null);
  show("act-draw", legal !== null && legal.phase === "draw");
  show("next-hand", over);
  for (const b of byId("actions").querySelectorAll("button")) b.disabled = false;
  const price = byId("price");
  price.textContent = "";
  if (betting) {
    price.textContent = legal.to_call ? `to call: ${legal.to_call}` : "nothing to call";
    byId("act-call").textContent = legal.to_call ? `Call ${legal.to_call}` : "Check";
    if (legal.min_raise_to !== null) {
      const amount = byId("raise-amount");
      const fixed = legal.min_raise_to === legal.max_raise_to;
      amount.classList.toggle("hidden", fixed);
      amount.min = legal.min_raise_to;
      amount.max = legal.max_raise_to;
      if (!(Number(amount.value) >= legal.min_raise_to && Number(amount.value) <= legal.max_raise_to)) {
        amount.value = legal.min_raise_to;
      }
      const word = legal.raise_word === "bet" ? "Bet" : "Raise to";
      byId("act-raise").textContent = fixed ? `${word} ${legal.min_raise_to}` : word;
      if (!fixed) price.textContent += ` \u00b7 ${word.toLowerCase()} ${legal.min_raise_to}\u2013${legal.max_raise_to}`;
    }
  } else if (legal !== null) {
    price.textContent = `pick up to ${legal.max_discard} cards to throw`;
    updateDrawButton();
  } else if (!over) {
    price.textContent = "the bot is thinking";
  }
}

function renderShowdown(showdown) {
  show("showdown", showdown !== null);
  if (showdown === null) return;
  const halves = byId("showdown-halves");
  halves.replaceChildren();
  if (showdown.uncontested) {
    halves.append(element("div", { class: "half" }, `${showdown.winner} won ${showdown.amount} uncontested`));
  } else {
    for (const half of showdown.halves) {
      const div = element("div", { class: "half" });
      div.dataset.half = half.half;
      div.append(`${half.half} (${half.amount}): `);
      const who = half.winners.length ? half.winners.join(" and ") : "nobody";
      div.append(element("span", { class: "winner" }, who), ` \u2014 ${half.hand}`);
      halves.append(div);
    }
    if (showdown.scoop) halves.append(element("div", { class: "half" }, `${showdown.scoop} scoop${showdown.scoop === "you" ? "" : "s"}`));
  }
  byId("showdown-text").textContent = showdown.text.join("\n");
  if (state.phh) sessionStorage.setItem("badeucey-phh", state.phh);
}

function renderResult(result, bigBlind) {
  const el = byId("result");
  if (!result.hands) { el.textContent = "no hand finished yet"; return; }
  let text = `after ${result.hands} hand${result.hands === 1 ? "" : "s"}: ${signed(result.chips)} chips `
    + `(${signed(result.big_blinds, 1)} big blinds), ${signed(result.mbb_per_hand)} mbb/hand`;
  if (result.ci95) text += `, 95% interval [${signed(result.ci95[0])}, ${signed(result.ci95[1])}]`;
  else text += " (the interval needs two hands)";
  el.textContent = text;
  el.dataset.hands = result.hands;
}

function renderLog(lines) {
  const log = byId("log");
  log.replaceChildren(...lines.map((line) => element("li", /^hand \d+: .* button$/.test(line) ? { class: "hand-start" } : {}, line)));
  log.scrollTop = log.scrollHeight;
}

async function init() {
  options = await requestJSON("api/table/options");
  const d = options.defaults;
  fillSelect(byId("game"), options.games.map((g) => g.name), d.game);
  fillSelect(byId("bot"), options.bots, d.bot);
  fillSelect(byId("structure"), options.structures, d.structure);
  byId("small-blind").value = d.small_blind;
  byId("big-blind").value = d.big_blind;
  byId("stack").value = d.stack;
  byId("stack").max = options.stack_limit;
  byId("game").addEventListener("change", lockStakes);
  byId("bot").addEventListener("change", lockStakes);
  lockStakes();
  byId("settings").addEventListener("submit", start);
  byId("act-fold").addEventListener("click", () => act("f"));
  byId("act-call").addEventListener("click", () => act("cc"));
  byId("act-raise").addEventListener("click", () => act(`cbr ${byId("raise-amount").value}`));
  byId("act-draw").addEventListener("click", () => act(["sd", ...picked].join(" ")));
  byId("next-hand").addEventListener("click", () => send("next"));
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", init);
