// The engine's pages work without this; with it: steppers, checks as she types, and the
// host's dashboard and the TV board update without a reload.
"use strict";

function number(input) {
  const v = input.value.trim();
  return /^[0-9]+$/.test(v) ? parseInt(v, 10) : null;
}

function checkEntry(form) {
  const rounds = parseInt(form.dataset.rounds, 10);
  const word = form.dataset.word || "Bunco";
  const get = (key) => form.querySelector(`[data-field="${key}"]`);
  const out = [];
  const wins = get("wins"), losses = get("losses");
  if (wins && losses) {
    const w = number(wins), l = number(losses);
    if (w !== null && l !== null && w + l !== rounds) {
      out.push(`Wins + losses = ${w + l}, but tonight had ${rounds} rounds.`);
    }
  }
  for (const key of ["wins", "losses", "buncos", "mini_buncos"]) {
    const input = get(key);
    if (!input || input.value.trim() === "") continue;
    const v = number(input);
    if (v === null || v > rounds) {
      out.push(`${input.labels[0] ? input.labels[0].textContent : key}: a whole number from 0 to ${rounds}.`);
    } else if (input.dataset.likelyMax && v > parseInt(input.dataset.likelyMax, 10)) {
      out.push(`${v} ${key === "buncos" ? word + "s" : "mini " + word + "s"} is very rare: please check.`);
    }
  }
  return out;
}

function wireForm(form) {
  const live = form.querySelector("[data-live]");
  const show = () => { if (live) live.textContent = checkEntry(form).join(" "); };
  form.addEventListener("input", show);
  for (const button of form.querySelectorAll("button.step")) {
    button.addEventListener("click", () => {
      const input = document.getElementById(button.dataset.for);
      const max = parseInt(input.max, 10);
      const next = Math.min(max, Math.max(0, (number(input) || 0) + parseInt(button.dataset.step, 10)));
      input.value = String(next);
      show();
    });
  }
  let warned = false;
  form.addEventListener("submit", (event) => {
    const problems = checkEntry(form);
    if (problems.length && !warned && !form.querySelector('input[name="confirm"]')) {
      event.preventDefault();
      warned = true;
      if (live) live.textContent = problems.join(" ") + " Tap again to send it as written.";
      const go = form.querySelector("button.go");
      if (go) go.textContent = "Send it as written";
      return;
    }
    if (problems.length && !form.querySelector('input[name="confirm"]')) {
      const confirm = document.createElement("input");
      confirm.type = "hidden"; confirm.name = "confirm"; confirm.value = "1";
      form.appendChild(confirm);
    }
  });
  show();
}

function poll(live) {
  let version = live.dataset.version;
  const tick = async () => {
    try {
      const answer = await fetch(`${live.dataset.panel}&v=${encodeURIComponent(version)}`,
                                 { cache: "no-store", headers: { Accept: "application/json" } });
      if (answer.status === 200) {
        const data = await answer.json();
        version = String(data.version);
        live.dataset.version = version;
        live.innerHTML = data.html;
      }
    } catch (e) { /* the laptop may be busy or asleep: try again next tick */ }
    setTimeout(tick, 2000);
  };
  setTimeout(tick, 2000);
}

document.addEventListener("DOMContentLoaded", () => {
  for (const form of document.querySelectorAll("form.entry")) wireForm(form);
  const live = document.getElementById("live");
  if (live && live.dataset.panel) poll(live);
});
