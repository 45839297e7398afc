// The phone page: shows what the server says and sends intentions; the server decides
// every rule. Names and texts are set with textContent, never as HTML. The seat's secret
// stays in localStorage, so a reload (or a phone back from sleep) rejoins its seat, and a
// room the host paused (a quit, Close room) is rejoined by itself once it carries on.
"use strict";

const code = decodeURIComponent(location.pathname.split("/")[2] || "").toUpperCase();
const secretKey = "magdagdon-seat-" + code;
const removedKey = "magdagdon-removed-" + code; // the host took this phone out: for good
const RUIN = 7;
const RETRY_MS = 1000, PAUSED_RETRY_MS = 2000;
let texts = {};
let language = "en";
let socket = null;
let state = null;
let selected = null; // the tray die picked to be placed or changed
let rerollPick = null; // a Set of tray dice while choosing a re-roll, else null
let ended = false; // the room closed, this seat opened elsewhere, or it was removed: no reconnecting
let paused = false; // the host paused the room: keep trying, it comes back at the same address
let watching = false; // this phone only watches the room
let watched = null; // the room as a watching phone was last told
let version = 0; // state messages seen, for whoever watches the page
const roster = new Map(); // seat index -> what the server last said of that seat
let timer = null; // {seconds, at}: the seconds left the server last said, and when it said them

const $ = (id) => document.getElementById(id);

// A name as this phone can draw it: an emoji (a whole sequence joined by zero-width joiners
// is one) that no font of this phone has would be an empty box, so it is shown as one
// replacement mark instead. Whether a font has it is seen on a canvas: a character without
// a glyph inks exactly as a character no font has (a code point of the last private plane).
const graphemes = typeof Intl !== "undefined" && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
const PICTOGRAPH = /[\p{Extended_Pictographic}\p{Regional_Indicator}]/u;
const NO_GLYPH = "\u{10FFFD}";
const inks = new Map(); // text -> its pixels on the probe, as a string
let probe = null;

function ink(text) {
  if (!inks.has(text)) {
    if (!probe) {
      const canvas = document.createElement("canvas");
      canvas.width = canvas.height = 40;
      probe = canvas.getContext("2d", { willReadFrequently: true });
      probe.font = "28px 'Noto Sans', sans-serif";
      probe.textBaseline = "top";
    }
    probe.clearRect(0, 0, 40, 40);
    probe.fillText(text, 2, 4);
    inks.set(text, probe.getImageData(0, 0, 40, 40).data.join(""));
  }
  return inks.get(text);
}

function shownName(name) {
  if (!graphemes || !PICTOGRAPH.test(name)) return name;
  return [...graphemes.segment(name)].map(({ segment }) =>
    [...segment].filter((c) => PICTOGRAPH.test(c)).every((c) => ink(c) !== ink(NO_GLYPH)) ? segment : "\ufffd").join("");
}

function say(key, values) {
  let text = (texts[language] && texts[language][key]) || (texts.en && texts.en[key]) || key;
  for (const [name, value] of Object.entries(values || {})) text = text.replace("{" + name + "}", String(value));
  return text;
}

function setLanguage(chosen) {
  language = texts[chosen] ? chosen : "en";
  document.documentElement.lang = language;
  document.documentElement.dir = language === "ur" ? "rtl" : "ltr";
  $("language").value = language;
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = say(element.dataset.text);
  $("room-title").textContent = say("room", { code: code });
  render();
}

function status(text) {
  $("status").textContent = text;
}

function send(message) {
  if (socket && socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
}

function act(action) {
  send({ type: "act", secret: localStorage.getItem(secretKey), action: action });
}

function connect() {
  if (ended || (socket && socket.readyState <= WebSocket.OPEN)) return;
  if (localStorage.getItem(removedKey)) return removedForGood();
  const scheme = location.protocol === "https:" ? "wss://" : "ws://";
  socket = new WebSocket(scheme + location.host + "/r/" + encodeURIComponent(code) + "/ws");
  socket.onopen = () => {
    const secret = localStorage.getItem(secretKey);
    if (secret) send({ type: "rejoin", code: code, secret: secret });
    else if (watching) send({ type: "watch", code: code });
    else {
      show("join");
      status("");
    }
  };
  socket.onmessage = (event) => receive(JSON.parse(event.data));
  socket.onclose = () => {
    socket = null;
    if (!ended) {
      if (!paused) status(say("connecting"));
      setTimeout(connect, paused ? PAUSED_RETRY_MS : RETRY_MS);
    }
  };
}

function removedForGood() {
  ended = true;
  show("over");
  status(say("removed_here"));
  document.body.dataset.ended = "removed";
}

function carryOn() {
  paused = false;
  delete document.body.dataset.paused;
}

function show(view) {
  document.body.dataset.view = view;
}

function receive(message) {
  if (message.type === "joined") {
    localStorage.setItem(secretKey, message.secret);
    watching = false;
    carryOn();
  } else if (message.type === "watching") {
    watched = message.room;
    carryOn();
    setTimer(message.room.seconds_left);
    render();
  } else if (message.type === "roster") {
    if (message.full) roster.clear();
    for (const seat of message.seats) {
      if (seat.status === "removed") roster.delete(seat.seat);
      else roster.set(seat.seat, seat);
    }
    setTimer(message.seconds_left);
    render();
  } else if (message.type === "state") {
    state = message;
    carryOn();
    version += 1;
    setTimer(message.room.seconds_left);
    if (selected !== null && !state.game.tray.includes(selected)) selected = null;
    if (rerollPick && !state.game.reroll) rerollPick = null;
    render();
  } else if (message.type === "error") {
    document.body.dataset.error = message.code;
    if (message.code === "removed") {
      localStorage.removeItem(secretKey);
      localStorage.setItem(removedKey, "1");
      return removedForGood();
    }
    if (message.code === "bad_secret") {
      localStorage.removeItem(secretKey);
      show("join");
    }
    status(say("err_" + message.code, { detail: message.detail }));
  } else if (message.type === "paused") {
    paused = true; // the server closes the socket next: reconnecting until the room carries on
    document.body.dataset.paused = "1";
    setTimer(null);
    status(say("paused"));
  } else if (message.type === "closed" || message.type === "replaced") {
    ended = true;
    status(say(message.type));
    document.body.dataset.ended = message.type;
  }
}

function button(className, text, onTap) {
  const element = document.createElement("button");
  element.className = className;
  element.textContent = text;
  element.addEventListener("click", onTap);
  return element;
}

function render() {
  if (ended && !state) return;
  if (!state) return watching && watched ? renderWatch(watched) : undefined;
  const room = state.room, game = state.game, you = state.you;
  document.body.dataset.phase = room.phase === "playing" ? game.phase : room.phase;
  document.body.dataset.turn = String(game.turn);
  document.body.dataset.moves = String(game.moves);
  document.body.dataset.version = String(version);
  const behind = room.phase === "playing" && !game.over && game.turn < room.turn;
  document.body.dataset.behind = behind ? "1" : "";
  // the room's code heads its list; a guest catching up sees both turns
  $("turn").textContent = !room.turn ? "" : behind ? say("turn_behind", { turn: game.turn, room_turn: room.turn })
    : say("turn", { turn: room.turn });
  renderTimer();
  $("score").textContent = String(game.score);
  $("preview").textContent = game.preview !== game.score ? "→ " + game.preview : "";
  $("powers-left").textContent = say("powers_left", { count: game.powers_left });
  if (ended) {
    show("over");
  } else if (room.phase === "lobby") {
    show("wait");
    if (!paused) status(say("lobby"));
  } else if (room.phase === "finished") {
    show("over");
    const mine = (room.results || []).find((standing) => standing.seat === you.seat);
    status(mine ? say("rank", { place: mine.place, count: room.results.length, score: mine.score })
      : say("finished", { score: game.score }));
  } else if (game.over) {
    show("over");
    status(say("over", { score: game.score }));
  } else if (room.phase === "closed") {
    show("over");
    status(say(paused ? "paused" : "closed"));
  } else {
    show("play");
    if (!paused) status(phaseText(game, you, behind));
  }
  renderBoard(game);
  renderTray(game);
  renderButtons(game);
  renderSeats(you.seat, room.phase === "playing");
  renderPodium(room.results || [], you.seat);
}

// A phone that only watches: the room's turn, everyone's score and, at the end, the podium.
function renderWatch(room) {
  show("watch");
  document.body.dataset.phase = room.phase;
  $("turn").textContent = room.turn ? say("turn", { turn: room.turn }) : "";
  renderTimer();
  if (!paused) status(say(room.phase === "finished" ? "all_over" : "watching"));
  renderSeats(null, room.phase === "playing");
  renderPodium(room.results || [], null);
}

function renderPodium(results, mine) {
  const list = $("podium");
  list.replaceChildren();
  for (const standing of results) {
    const item = document.createElement("li");
    const place = document.createElement("span");
    place.className = "place";
    place.textContent = say("place_line", { place: standing.place });
    const name = document.createElement("bdi");
    name.textContent = shownName(standing.name);
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = String(standing.score);
    item.append(place, name, score);
    if (standing.place <= 3) item.classList.add("top");
    if (standing.seat === mine) item.classList.add("you");
    list.append(item);
  }
}

function setTimer(seconds) {
  timer = seconds === null ? null : { seconds: seconds, at: Date.now() };
}

// Between two messages the seconds the server said count down here; the server alone
// decides when the time is up.
function renderTimer() {
  const left = timer === null ? null : Math.max(0, timer.seconds - Math.floor((Date.now() - timer.at) / 1000));
  const room = state ? state.room : watched;
  $("timer").textContent = left === null || !room || room.phase !== "playing" ? "" : say("seconds", { count: left });
}

// The dice staged leave no cell for the dice left, and too few are placed to confirm: the
// way on is to take them all back.
function isStuck(game) {
  return game.phase === "staging" && !game.confirm && game.staged.length > 0 &&
    Object.values(game.stage).every((cells) => cells.length === 0);
}

function phaseText(game, you, behind) {
  if (you.status === "away") return say("away");
  if (rerollPick) return say("pick_reroll");
  if (game.phase === "roll") return say("waiting");
  if (game.phase === "magdagdon") return say("magdagdon");
  if (game.phase === "ruin_pick") return say("pick_ruin");
  if (isStuck(game)) return say("stuck");
  if (behind && game.staged.length === 0 && selected === null) return say("behind", { turn: game.turn, room_turn: state.room.turn });
  return game.confirm ? say("can_confirm") : say("pick_die", { required: game.required });
}

function renderBoard(game) {
  const board = $("board");
  board.replaceChildren();
  const legal = selected === null ? [] : game.stage[String(selected)] || [];
  const stagedAt = new Map(game.staged.map(([die, cell]) => [cell, die]));
  game.working.forEach((value, cell) => {
    const element = button("cell", value === 0 ? "" : value === RUIN ? "✕" : String(value), () => tapCell(cell));
    element.dataset.cell = String(cell);
    element.setAttribute("role", "gridcell");
    if (value === RUIN) element.classList.add("ruin");
    if (stagedAt.has(cell)) {
      element.classList.add("staged");
      element.dataset.staged = String(stagedAt.get(cell));
    }
    if (legal.includes(cell) || game.ruin.includes(cell)) element.classList.add("legal");
    board.append(element);
  });
}

function renderTray(game) {
  const tray = $("tray");
  tray.replaceChildren();
  for (const die of game.tray) {
    const element = button("die", String(game.dice[die]), () => tapDie(die));
    element.dataset.die = String(die);
    if (die === selected) element.classList.add("selected");
    if (rerollPick && rerollPick.has(die)) element.classList.add("chosen");
    tray.append(element);
  }
}

function renderButtons(game) {
  const adjust = selected === null ? [] : game.adjust[String(selected)] || [];
  $("minus").disabled = !adjust.includes(-1);
  $("plus").disabled = !adjust.includes(1);
  $("reroll").disabled = !game.reroll || (rerollPick !== null && rerollPick.size === 0);
  $("reroll").textContent = rerollPick ? say("reroll_go", { count: rerollPick.size }) : say("reroll");
  $("cancel-reroll").hidden = rerollPick === null; // the way out of choosing the dice to re-roll
  $("minus").hidden = $("plus").hidden = rerollPick !== null;
  $("back-all").disabled = !game.take_back_all;
  $("back-all").classList.toggle("suggested", isStuck(game));
  $("confirm").disabled = !game.confirm;
  $("confirm").hidden = game.phase === "magdagdon" || game.phase === "ruin_pick";
  $("accept").hidden = !game.accept;
}

function renderSeats(mine, playing) {
  const list = $("seats");
  list.replaceChildren();
  for (const seat of [...roster.values()].sort((a, b) => a.seat - b.seat)) {
    const item = document.createElement("li");
    const name = document.createElement("bdi"); // a name keeps its own direction in any language
    name.textContent = shownName(seat.name);
    const score = document.createElement("span");
    score.className = "score";
    score.textContent = String(seat.score);
    item.append(name, score);
    if (seat.done && playing) item.classList.add("done"); // done with the room's turn
    if (seat.status === "away" || !seat.connected) item.classList.add("away");
    if (seat.seat === mine) item.classList.add("you");
    list.append(item);
  }
}

function tapDie(die) {
  if (rerollPick) {
    if (rerollPick.has(die)) rerollPick.delete(die);
    else rerollPick.add(die);
  } else {
    selected = selected === die ? null : die;
  }
  render();
}

function tapCell(cell) {
  const game = state && state.game;
  if (!game) return;
  if (game.ruin.includes(cell)) return act("ruin " + cell);
  const staged = game.staged.find(([, at]) => at === cell);
  if (staged && game.take_back.includes(staged[0])) return act("back " + staged[0]);
  if (selected !== null && (game.stage[String(selected)] || []).includes(cell)) {
    const die = selected;
    selected = null;
    act("stage " + die + " " + cell);
  }
}

function setUp() {
  $("language").addEventListener("change", (event) => {
    localStorage.setItem("magdagdon-language", event.target.value);
    setLanguage(event.target.value);
  });
  $("join-button").addEventListener("click", () => send({ type: "join", code: code, name: $("name").value }));
  $("watch-button").addEventListener("click", () => {
    watching = true;
    send({ type: "watch", code: code });
  });
  $("cancel-reroll").addEventListener("click", () => {
    rerollPick = null;
    render();
  });
  $("name").addEventListener("keydown", (event) => { if (event.key === "Enter") $("join-button").click(); });
  $("minus").addEventListener("click", () => { if (selected !== null) act("minus " + selected); });
  $("plus").addEventListener("click", () => { if (selected !== null) act("plus " + selected); });
  $("reroll").addEventListener("click", () => {
    if (rerollPick === null) {
      rerollPick = new Set();
      selected = null;
      return render();
    }
    const dice = [...rerollPick].sort((a, b) => a - b);
    rerollPick = null;
    act("reroll " + dice.join(" "));
  });
  $("back-all").addEventListener("click", () => act("backall"));
  $("confirm").addEventListener("click", () => act("confirm"));
  $("accept").addEventListener("click", () => act("accept"));
  // A phone back from sleep may hold a socket that looks open but is dead: ask, and rejoin.
  document.addEventListener("visibilitychange", () => {
    if (document.visibilityState === "visible") {
      if (socket && socket.readyState === WebSocket.OPEN) send({ type: "ping" });
      else connect();
    }
  });
  const asked = new URLSearchParams(location.search).get("lang");
  const preferred = asked || localStorage.getItem("magdagdon-language") || (navigator.language || "en").slice(0, 2);
  fetch("/static/texts.json").then((response) => response.json()).then((loaded) => {
    texts = loaded;
    setLanguage(preferred);
    status(say("connecting"));
    connect();
    setInterval(renderTimer, 1000);
  });
}

setUp();
