// The world board's page: today's top 100 of each difficulty, and a game played back turn by
// turn. Everything shown comes from the board's own API; names are text, never HTML.
"use strict";

const DIFFICULTIES = ["PEACEFUL", "SURVIVAL", "NIGHTMARE"];
let texts = {};
let language = "en";
let shown = "PEACEFUL";
let replay = null;
let turnIndex = 0;
let lastBoards = null;

const $ = (id) => document.getElementById(id);

// A date, a list of dice: kept left to right inside an Urdu sentence (an isolate each).
const isolated = (text) => "\u2066" + text + "\u2069";

function t(key, values) {
  let text = (texts[language] && texts[language][key]) || (texts.en && texts.en[key]) || key;
  for (const [name, value] of Object.entries(values || {})) text = text.replace("{" + name + "}", value);
  return text;
}

function setLanguage(chosen) {
  language = texts[chosen] ? chosen : "en";
  document.documentElement.lang = language;
  document.documentElement.dir = language === "ur" ? "rtl" : "ltr";
  $("language").value = language;
  for (const element of document.querySelectorAll("[data-text]")) element.textContent = t(element.dataset.text);
  document.title = "MAGDAGDON · " + t("title");
  if (lastBoards) drawBoards(lastBoards.today, lastBoards.days);
  if (replay) drawTurn();
}

async function ask(path) {
  const response = await fetch(path, { headers: { Accept: "application/json" } });
  const body = await response.json();
  if (!response.ok) throw Object.assign(new Error(body.message || "refused"), { code: body.error });
  return body;
}

function cell(row, className, text) {
  const element = document.createElement("td");
  element.className = className;
  if (text !== undefined) element.textContent = text;
  row.appendChild(element);
  return element;
}

function number(row, className, text) {
  // "-11", "3.": a number reads left to right in every language (its sign, its dot)
  const figure = document.createElement("bdi");
  figure.dir = "ltr";
  figure.textContent = text;
  cell(row, className).appendChild(figure);
}

function drawTable(difficulty, day) {
  const section = document.createElement("section");
  section.className = "day-table" + (difficulty === shown ? " shown" : "");
  section.dataset.difficulty = difficulty;
  const heading = document.createElement("h2");
  heading.textContent = difficulty;
  section.appendChild(heading);
  const total = document.createElement("p");
  total.className = "total";
  total.textContent = t("players", { total: day.total });
  section.appendChild(total);
  if (!day.entries.length) {
    const empty = document.createElement("p");
    empty.className = "empty";
    empty.textContent = t("empty");
    section.appendChild(empty);
    return section;
  }
  const table = document.createElement("table");
  const head = table.createTHead().insertRow();
  for (const [key, className] of [["rank", "rank"], ["name", "name"], ["score", "score"], ["hints", "hints"], ["replay", "replay"]]) {
    const th = document.createElement("th");
    th.className = className;
    th.textContent = t(key);
    head.appendChild(th);
  }
  const body = table.createTBody();
  for (const entry of day.entries) {
    const row = body.insertRow();
    number(row, "rank", entry.rank + ".");
    const name = document.createElement("bdi"); // a name keeps its own direction in any language
    name.textContent = entry.name;
    cell(row, "name").appendChild(name);
    number(row, "score", String(entry.score));
    const hints = cell(row, "hints", entry.assisted ? "✋" : "");
    if (entry.assisted) hints.title = t("assisted");
    const link = document.createElement("a");
    link.href = "/replay/" + entry.replay_id;
    link.textContent = t("replay");
    cell(row, "replay").appendChild(link);
  }
  section.appendChild(table);
  return section;
}

function drawBoards(today, days) {
  $("day").textContent = t("today", { date: isolated(today) });
  const tabs = $("tabs");
  tabs.replaceChildren();
  for (const difficulty of DIFFICULTIES) {
    const tab = document.createElement("button");
    tab.textContent = difficulty;
    tab.setAttribute("role", "tab");
    tab.setAttribute("aria-selected", String(difficulty === shown));
    tab.addEventListener("click", () => { shown = difficulty; drawBoards(today, days); });
    tabs.appendChild(tab);
  }
  $("tables").replaceChildren(...DIFFICULTIES.map((d) => drawTable(d, days[d])));
  document.body.dataset.loaded = "yes";
}

async function showBoards() {
  document.body.dataset.view = "board";
  $("status").textContent = t("loading");
  try {
    const index = await ask("/v1/days");
    const days = {};
    await Promise.all(DIFFICULTIES.map(async (d) => { days[d] = await ask(`/v1/days/${index.today}/${d}?limit=100`); }));
    lastBoards = { today: index.today, days };
    $("status").textContent = "";
    drawBoards(index.today, days);
  } catch (error) {
    $("status").textContent = t("offline");
    document.body.dataset.loaded = "failed";
  }
}

function drawTurn() {
  const turns = replay.turns;
  const turn = turns[turnIndex];
  const before = turnIndex > 0 ? turns[turnIndex - 1].board.join("") : "................";
  const now = turn.board.join("");
  const grid = $("grid");
  grid.replaceChildren();
  for (let index = 0; index < 16; index += 1) {
    const square = document.createElement("div");
    const symbol = now[index];
    square.className = "cell" + (symbol === "X" ? " ruin" : "") + (symbol !== before[index] ? " new" : "");
    square.textContent = symbol === "." ? "" : symbol === "X" ? "✕" : symbol;
    square.setAttribute("role", "gridcell");
    grid.appendChild(square);
  }
  $("turn").textContent = t("turn", { turn: turn.turn, turns: turns.length });
  $("rolled").textContent = turn.ruin ? t("ruin") : t("rolled", { dice: isolated(turn.rolled.join(" ")) });
  $("so-far").textContent = t("so_far", { score: isolated(turn.score) });
  $("final").textContent = t("final", { score: isolated(replay.final.score) });
  $("previous").disabled = turnIndex === 0;
  $("next").disabled = turnIndex === turns.length - 1;
  document.body.dataset.turn = String(turn.turn);
}

async function showReplay(replayId) {
  document.body.dataset.view = "replay";
  $("status").textContent = t("loading");
  $("download").href = "/v1/replays/" + replayId;
  try {
    replay = await ask(`/v1/replays/${replayId}/turns`);
  } catch (error) {
    $("status").textContent = error.code === "not_found" ? t("no_replay") : t("offline");
    document.body.dataset.loaded = "failed";
    return;
  }
  $("status").textContent = "";
  const title = $("replay-title");
  title.replaceChildren();
  const who = document.createElement("bdi"); // the name the board holds for this game
  who.textContent = replay.name;
  title.append(who, " · ");
  title.append(replay.difficulty);
  turnIndex = replay.turns.length - 1; // the finished board first, then step through it
  drawTurn();
  document.body.dataset.loaded = "yes";
}

async function start() {
  texts = await (await fetch("/static/texts.json")).json();
  const asked = new URLSearchParams(location.search).get("lang");
  const preferred = asked || localStorage.getItem("magdagdon-language") || (navigator.language || "en").slice(0, 2);
  setLanguage(preferred);
  $("language").addEventListener("change", (event) => {
    localStorage.setItem("magdagdon-language", event.target.value);
    setLanguage(event.target.value);
  });
  $("previous").addEventListener("click", () => { if (turnIndex > 0) { turnIndex -= 1; drawTurn(); } });
  $("next").addEventListener("click", () => {
    if (replay && turnIndex < replay.turns.length - 1) { turnIndex += 1; drawTurn(); }
  });
  const match = location.pathname.match(/^\/replay\/([0-9a-f]{24})$/);
  if (match) await showReplay(match[1]);
  else await showBoards();
}

start();
