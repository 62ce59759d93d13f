// The game being entered on the scorekeeper's phone, one button after the other: contract
// and suit by their short codes as the server offers them (app.choices), seats by position.
// It is written as the one-line code of scoring/entry_code.py and read back from a stored one.

import { CodeError, contractNamed, formatCode, parseCode, suitNamed } from "./code.js";

export function blankDraft() {
  return {
    number: null,
    version: 0,
    editing: false,
    steps: ["contract"],
    contract: null,
    suit: null,
    declarer: null,
    partner: null,
    won: null,
    schneider: false,
    schwarz: false,
    tout: false,
    augen: null, // no button for it: a stored game's Augen stay as they were
    laufende: 0,
    kontra: 0,
  };
}

export const step = (d) => d.steps[d.steps.length - 1];
export const untouched = (d) => !d.editing && d.steps.length === 1 && !d.contract;

// The contract of the buttons for its code, or null when the tournament does not offer it.
export const contractOf = (choices, code) => choices.contracts.find((c) => c.code === code) || null;

export function codeOf(choices, d) {
  const contract = contractOf(choices, d.contract);
  return formatCode({
    contract: contractNamed(d.contract),
    suit: contract.suits.length ? suitNamed(d.suit) : null,
    declarer_seat: d.declarer,
    partner_seat: contract.partner ? d.partner : null,
    won: contract.result ? d.won : null,
    schneider: d.schneider,
    schwarz: d.schwarz,
    tout: d.tout,
    augen: d.augen,
    laufende: d.laufende || null,
    kontra: d.kontra,
  });
}

// The game in words, as the server words a stored one; `nameOf` gives a seat's player.
export function summaryOf(choices, d, text, nameOf) {
  const contract = contractOf(choices, d.contract);
  let what = contract.label;
  const suit = contract.suits.find((s) => s.code === d.suit);
  if (suit) what += " " + suit.label;
  if (d.tout) what += " " + text("tout");
  let who = contract.thrown_in ? "" : nameOf(d.declarer);
  if (contract.partner && d.partner) {
    who = text("with", { declarer: who, partner: nameOf(d.partner) });
  }
  const parts = who ? [what, who] : [what];
  if (contract.result && d.won !== null) {
    let result = text(d.won ? "won" : "lost");
    if (d.schwarz) result += " " + text("schwarz");
    else if (d.schneider) result += " " + text("schneider");
    parts.push(result);
  }
  if (d.laufende) parts.push(text("laufende", { n: d.laufende }));
  if (d.kontra) parts.push(text(d.kontra === 2 ? "retour" : "kontra"));
  return text("game", { n: d.number }) + ": " + parts.join(" · ");
}

// A stored game's code back into the buttons, or null when they cannot show it (a contract or
// suit the buttons do not offer, a code that does not read): it is then changed as a line of
// code.
export function draftFromCode(choices, code, number, version, seats) {
  let entry;
  try {
    entry = parseCode(code, seats);
  } catch (error) {
    if (error instanceof CodeError) return null;
    throw error;
  }
  const short = (token) => choices.contracts.find((c) => contractNamed(c.code) === token);
  const contract = short(entry.contract);
  const suit = contract && contract.suits.find((s) => suitNamed(s.code) === entry.suit);
  if (!contract || (entry.suit && !suit)) return null;
  const d = blankDraft();
  Object.assign(d, {
    number,
    version,
    editing: true,
    contract: contract.code,
    suit: suit ? suit.code : null,
    declarer: entry.declarer_seat,
    partner: entry.partner_seat,
    won: entry.won,
    // Schwarz implies Schneider in the code; the buttons press one of the two.
    schneider: entry.schneider && !entry.schwarz,
    schwarz: entry.schwarz,
    tout: entry.tout,
    augen: entry.augen,
    laufende: entry.laufende || 0,
    kontra: entry.kontra,
  });
  d.steps = ["contract"];
  if (contract.suits.length) d.steps.push("suit");
  if (!contract.thrown_in) d.steps.push("declarer");
  if (contract.partner) d.steps.push("partner");
  d.steps.push("result");
  return d;
}
