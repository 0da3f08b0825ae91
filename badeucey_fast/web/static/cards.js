// What both pages share: cards drawn as cards, JSON requests, small DOM helpers.
"use strict";

const SUITS = { s: "\u2660", h: "\u2665", d: "\u2666", c: "\u2663" };
const SUIT_NAMES = { s: "spades", h: "hearts", d: "diamonds", c: "clubs" };

// A card ("7s", "Td") as an element: its rank and suit symbol, coloured by suit
// (four colours); null or "??" draws its back.
function cardElement(text, options = {}) {
  const el = document.createElement("div");
  el.className = "card";
  if (!text || text === "??") {
    el.classList.add("back");
    el.title = "hidden card";
    return el;
  }
  const rank = text[0] === "T" ? "10" : text[0];
  const suit = text[1];
  el.classList.add(suit);
  el.dataset.card = text;
  el.title = `${rank} of ${SUIT_NAMES[suit]}`;
  el.innerHTML = `<span class="rank">${rank}</span><span class="suit">${SUITS[suit]}</span>`;
  if (options.isNew) el.classList.add("new");
  return el;
}

// Fill `container` with the cards of `texts`.
function showCards(container, texts, options = {}) {
  container.replaceChildren(...texts.map((t) => cardElement(t, { isNew: (options.isNew || []).includes(t) })));
}

// A seat's token, for a server open to other machines (badeucey serve --allow-remote prints
// each seat's page address, ending in ?token=...). The page takes it from its address once,
// keeps it for this tab only (sessionStorage, which the other page of the tab reads too) and
// takes it out of the address bar, so that a bookmark, a copied address or a link of the page
// never carries it; every API request sends it in the Authorization header, never in a URL.
const TOKEN_KEY = "badeucey-token";
const seatToken = (() => {
  const address = new URL(location.href);
  const given = address.searchParams.get("token");
  if (given !== null) {
    address.searchParams.delete("token");
    history.replaceState(history.state, "", address.pathname + address.search + address.hash);
    if (given) sessionStorage.setItem(TOKEN_KEY, given);
    else sessionStorage.removeItem(TOKEN_KEY);  // ?token= forgets it
  }
  return sessionStorage.getItem(TOKEN_KEY);
})();

// A JSON request; resolves to the answer, or rejects with the server's error message.
// A refusal for want of a token (401) is also shown in the page's #access-error.
async function requestJSON(url, body) {
  const headers = {};
  if (seatToken) headers.Authorization = `Bearer ${seatToken}`;
  const init = body === undefined ? { headers } : {
    method: "POST", headers: { ...headers, "Content-Type": "application/json" }, body: JSON.stringify(body),
  };
  const response = await fetch(url, init);
  let data;
  try {
    data = await response.json();
  } catch (err) {
    throw new Error(`${response.status} ${response.statusText}`);
  }
  if (response.status === 401) {
    const message = "This server asks for a seat's token: open the page by the address badeucey serve "
      + "printed for your seat (ending in ?token=...).";
    const shown = byId("access-error");
    if (shown) shown.textContent = message;
    throw new Error(message);
  }
  if (!response.ok) throw new Error(data.error || data.message || `${response.status} ${response.statusText}`);
  return data;
}

function byId(id) { return document.getElementById(id); }

function element(tag, attributes = {}, text = "") {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) el.setAttribute(key, value);
  if (text) el.textContent = text;
  return el;
}

function signed(x, digits = 0) {
  const text = Math.abs(x).toLocaleString("en", { minimumFractionDigits: digits, maximumFractionDigits: digits });
  return (x > 0 ? "+" : x < 0 ? "\u2212" : "") + text;
}

function percent(x) { return `${(100 * x).toFixed(1)}%`; }
