// The hand replayer: a PHH file becomes steps (the server replays it on the
// engine); the page steps through them and shows each one.
"use strict";

let steps = [];
let at = 0;

async function load(request) {
  byId("load-error").textContent = "";
  try {
    const answer = await request;
    steps = answer.steps;
    byId("replay").classList.remove("hidden");
    byId("step-slider").max = steps.length - 1;
    byId("step-list").replaceChildren(...steps.map((step, i) => {
      const item = element("li", {}, step.text);
      item.addEventListener("click", () => go(i));
      return item;
    }));
    go(0);
  } catch (err) {
    byId("load-error").textContent = err.message;
  }
}

function loadText(text) { return load(requestJSON("api/replay/steps", { phh: text })); }

function go(index) {
  at = Math.max(0, Math.min(steps.length - 1, index));
  const step = steps[at];
  byId("step-slider").value = at;
  byId("step-label").textContent = `step ${at + 1} of ${steps.length}`;
  byId("step-label").dataset.step = at;
  byId("step-label").dataset.last = steps.length - 1;
  byId("step-text").textContent = step.text;
  byId("pot").textContent = `Pot ${step.pot}`;
  byId("stage").textContent = step.stage;
  byId("first").disabled = byId("prev").disabled = at === 0;
  byId("next").disabled = byId("last").disabled = at === steps.length - 1;
  byId("step-list").querySelectorAll("li").forEach((item, i) => item.classList.toggle("current", i === at));
  renderSeats(step.seats);
  renderEquity(step.equity, step.seats);
  renderResult(step.result);
}

function renderSeats(seats) {
  const box = byId("seats");
  box.replaceChildren();
  for (const seat of seats) {
    const row = element("div", { class: "seat", id: `replay-seat-${seat.seat}` });
    row.classList.toggle("to-act", seat.to_act);
    row.classList.toggle("folded", seat.folded);
    const info = element("div", { class: "info" });
    const name = element("div");
    name.append(element("span", { class: "name" }, `${seat.player} (seat ${seat.seat})`));
    if (seat.button) name.append(element("span", { class: "button-chip" }, "D"));
    const notes = [seat.folded ? "folded" : "", seat.all_in ? "all in" : ""].filter(Boolean).join(", ");
    info.append(name,
      element("div", { class: "chips" }, `stack ${seat.stack} \u00b7 bet ${seat.bet}` + (notes ? ` \u00b7 ${notes}` : "")),
      element("div", { class: "draws" }, seat.draws.length
        ? "drew " + seat.draws.map((d) => (d === null ? "\u2013" : d)).join(", ") : "no draw yet"));
    const cards = element("div", { class: "cards" });
    showCards(cards, seat.cards);
    row.append(info, cards);
    box.append(row);
  }
}

function renderEquity(equity, seats) {
  const table = byId("equity");
  const note = byId("equity-note");
  table.replaceChildren();
  if (!equity) { note.textContent = "the hand was won uncontested"; return; }
  if (equity.error) { note.textContent = `no equity here: ${equity.error}`; return; }
  const draws = equity.draws_left;
  const outcomes = equity.outcomes.toLocaleString("en");
  const how = equity.exact ? `exact over ${outcomes} outcome${equity.outcomes === 1 ? "" : "s"}` : `${outcomes} samples`;
  note.textContent = (draws ? `${draws} draw${draws === 1 ? "" : "s"} to come, each seat throwing next what it threw`
    : "no draw to come") + `; ${how}`;
  const halves = equity.seats.length ? equity.seats[0].halves.map((h) => h.half) : [];
  const head = element("tr");
  head.append(element("th", {}, "seat"));
  for (const h of halves) head.append(element("th", {}, `${h} win`), element("th", {}, `${h} tie`));
  if (equity.seats.length && equity.seats[0].scoop !== null) head.append(element("th", {}, "scoop"));
  head.append(element("th", {}, "pot share"));
  table.append(head);
  for (const seat of equity.seats) {
    const row = element("tr", { "data-seat": seat.seat });
    row.append(element("td", {}, seat.player));
    for (const h of seat.halves) row.append(element("td", {}, percent(h.win)), element("td", {}, percent(h.tie)));
    if (seat.scoop !== null) row.append(element("td", {}, percent(seat.scoop)));
    const share = element("td", {}, percent(seat.share));
    share.append(element("span", { class: "bar", style: `width:${(4 * seat.share).toFixed(2)}em` }));
    row.append(share);
    table.append(row);
  }
}

function renderResult(result) {
  byId("result").classList.toggle("hidden", !result);
  if (!result) return;
  const halves = byId("result-halves");
  halves.replaceChildren();
  if (result.uncontested) {
    halves.append(element("div", { class: "half" }, `${result.winner} wins ${result.amount} uncontested`));
  } else {
    for (const half of result.halves) {
      const div = element("div", { class: "half" });
      div.append(`${half.half} (${half.amount}): `,
        element("span", { class: "winner" }, half.winners.length ? half.winners.join(" and ") : "nobody"),
        ` \u2014 ${half.hand}`);
      halves.append(div);
    }
  }
  byId("result-text").textContent = (result.text || []).join("\n")
    + `\npayoffs: ${result.payoffs.map((p) => signed(p)).join(", ")}`;
}

async function init() {
  byId("first").addEventListener("click", () => go(0));
  byId("prev").addEventListener("click", () => go(at - 1));
  byId("next").addEventListener("click", () => go(at + 1));
  byId("last").addEventListener("click", () => go(steps.length - 1));
  byId("step-slider").addEventListener("input", (e) => go(Number(e.target.value)));
  document.addEventListener("keydown", (e) => {
    if (!steps.length || e.target.tagName === "TEXTAREA" || e.target.tagName === "INPUT" && e.target.type !== "range") return;
    const moves = { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: steps.length - 1 };
    if (e.key in moves) { e.preventDefault(); go(moves[e.key]); }
  });
  byId("phh-file").addEventListener("change", async (e) => {
    const file = e.target.files[0];
    if (file) loadText(await file.text());
  });
  byId("load-text").addEventListener("click", () => loadText(byId("phh-text").value));
  byId("load-served").addEventListener("click", () => {
    const name = byId("served-files").value;
    load(requestJSON(`api/replay/file?name=${encodeURIComponent(name)}`));
  });
  const served = await requestJSON("api/replay/files");
  if (served.files.length) {
    const select = byId("served-files");
    select.replaceChildren(...served.files.map((f) => element("option", { value: f }, f)));
    byId("served-box").classList.remove("hidden");
  }
  // a hand the table page just played ("Replay this hand")
  const stored = location.hash === "#stored" ? sessionStorage.getItem("badeucey-phh") : null;
  if (stored) {
    byId("phh-text").value = stored;
    await loadText(stored);
  }
  document.body.dataset.ready = "1";
}

document.addEventListener("DOMContentLoaded", init);
