// The engine's pages work without this; with it: steppers, checks as she types, and the
// host's dashboard and the TV board update without a reload.
"use strict";

function number(input) {
  const v = input.value.trim();
  return /^[0-9]+$/.test(v) ? parseInt(v, 10) : null;
}

// Hints only, from what the engine hands the page: the boxes that add up to the rounds
// (data-adds-up, data-total), each box's most (max) and likely range (data-likely-*). The
// engine judges the sheet again when it is sent, and its word is the one that counts.
function checkEntry(form) {
  const total = parseInt(form.dataset.total, 10);
  const get = (key) => form.querySelector(`[data-field="${key}"]`);
  const label = (input) => (input.labels[0] ? input.labels[0].textContent : input.name);
  const out = [];
  const parts = (form.dataset.addsUp || "").split(" ").filter(Boolean).map(get);
  if (parts.length && parts.every((input) => input && number(input) !== null)) {
    const sum = parts.reduce((added, input) => added + number(input), 0);
    if (sum !== total) {
      out.push(`${parts.map(label).join(" + ")} = ${sum}, but tonight had ${total} rounds.`);
    }
  }
  for (const input of form.querySelectorAll('input[type="number"][data-field]')) {
    if (input.value.trim() === "") continue;
    const v = number(input), max = parseInt(input.max, 10);
    const low = parseInt(input.dataset.likelyMin, 10), high = parseInt(input.dataset.likelyMax, 10);
    if (v === null || v > max) {
      out.push(`${label(input)}: a whole number from 0 to ${max}.`);
    } else if (v < low || v > high) {
      out.push(`${v} ${label(input)} is very rare: please check.`);
    }
  }
  return out;
}

// What she typed, kept in this tab until the engine has it: a post that never arrived (the
// Wi-Fi dropped) comes back to a form that still holds it, and says so.
function draftKey(form) {
  const sheet = form.querySelector('input[name="sheet"]');
  return `draft:${location.pathname}:${sheet ? sheet.value : ""}`;
}

function keepDraft(form) {
  if (!form.dataset.total) return;  // a table's choice of a sheet: nothing typed
  const values = {};
  for (const input of form.querySelectorAll("input[data-field], #f-name")) {
    values[input.name] = input.type === "checkbox" ? input.checked : input.value;
  }
  try { sessionStorage.setItem(draftKey(form), JSON.stringify(values)); } catch (e) { /* private mode */ }
}

function restoreDraft(form) {
  let values = null;
  try { values = JSON.parse(sessionStorage.getItem(draftKey(form)) || "null"); } catch (e) { return; }
  if (!values || !Object.keys(values).length || document.querySelector(".error, .check-first")) return;
  for (const input of form.querySelectorAll("input[data-field], #f-name")) {
    if (!(input.name in values)) continue;
    if (input.type === "checkbox") input.checked = values[input.name]; else input.value = values[input.name];
  }
  const note = document.createElement("p");
  note.className = "error"; note.setAttribute("role", "alert");
  note.textContent = "Your last try did not reach the engine (the connection may have dropped). What you typed is below: send it again.";
  form.insertBefore(note, form.querySelector(".field"));
}

function wireForm(form) {
  const live = form.querySelector("[data-live]");
  const go = form.querySelector("button.go");
  let warned = false;
  const show = () => {
    const problems = checkEntry(form);
    if (live) live.textContent = problems.join(" ");
    if (!problems.length && go && go.dataset.plain) { warned = false; go.textContent = go.dataset.plain; }
  };
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
  form.addEventListener("submit", (event) => {
    const problems = checkEntry(form);
    if (problems.length && !warned && !form.querySelector('input[name="confirm"]')) {
      event.preventDefault();
      warned = true;
      if (live) live.textContent = problems.join(" ") + " Tap again to send it as written.";
      if (go) go.textContent = "Send it as written";
      return;
    }
    if (problems.length && !form.querySelector('input[name="confirm"]')) {
      const confirm = document.createElement("input");
      confirm.type = "hidden"; confirm.name = "confirm"; confirm.value = "1";
      form.appendChild(confirm);
    }
    keepDraft(form);
  });
  restoreDraft(form);
  show();
}

function poll(live) {
  let version = live.dataset.version;
  const lost = document.createElement("p");
  lost.className = "offline"; lost.hidden = true; lost.setAttribute("role", "status");
  lost.textContent = "Connection lost: this page shows the night as it was. It catches up by itself once the engine answers.";
  live.parentNode.insertBefore(lost, live);
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
      lost.hidden = answer.status === 200 || answer.status === 204;
    } catch (e) {
      lost.hidden = false;  // the laptop may be busy or asleep: try again next tick
    }
    setTimeout(tick, 2000);
  };
  setTimeout(tick, 2000);
}

document.documentElement.classList.add("js");

document.addEventListener("DOMContentLoaded", () => {
  if (new URLSearchParams(location.search).has("done")) {
    try {  // the engine has what she sent: no draft to bring back
      for (const key of Object.keys(sessionStorage)) {
        if (key.startsWith(`draft:${location.pathname}:`)) sessionStorage.removeItem(key);
      }
    } catch (e) { /* private mode */ }
  }
  for (const form of document.querySelectorAll("form.entry")) wireForm(form);
  const live = document.getElementById("live");
  if (live && live.dataset.panel) poll(live);
});
