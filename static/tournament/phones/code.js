// The one-line game code of scoring/entry_code.py in the browser: the same tokens, the same
// fields (named as in its EntryCode, contracts and suits by their full names) and the same
// errors (code, token, params). The Python module is the reference; the table of
// tests/data/game_codes.json pins both (tests/scoring/test_game_code_table.py and
// tests/phones/test_game_code_grammar_browser.py). Pure functions; the DOM only gives the
// tables, once.

// The grammar's tables are Python's (scoring.entry_code.code_tables): the phone page writes
// them into #game-code-tables, a list of [code, meaning] each, the shortest code first.
const tablesElement = document.getElementById("game-code-tables");
if (!tablesElement) throw new Error("code.js: the page has no #game-code-tables");
const TABLES = JSON.parse(tablesElement.textContent);

// Contracts that name a suit (SUITS_FOR of rules/contracts.py): the called Sau of a Rufspiel,
// the trump suit of a Solo, Farbwenz or Farbgeier.
const NEEDS_SUIT = new Set(TABLES.needs_suit);
// Maps, not objects: a token such as "constructor" must find nothing, not a property of
// Object.prototype. The first code of a meaning is its shortest: that one is written back.
const CONTRACT_CODES = new Map(TABLES.contracts);
const SUIT_CODES = new Map(TABLES.suits);
const RESULT_CODES = new Map(TABLES.results);
const FLAG_CODES = new Map(TABLES.flags);
const KONTRA_CODES = new Map(TABLES.kontra);

// Python's str.split() separates at these characters (str.isspace), JavaScript's \s at others
// (it takes U+FEFF, leaves out U+001C-U+001F and U+0085).
const SPACES = /[\t\n\v\f\r\x1c-\x1f \x85\xa0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]+/;
// Python's str.isdigit(): the decimal digits of every script and the other digits (superscript,
// circled ...), which JavaScript's \p{Nd} leaves out.
const DIGITS = new RegExp(
  "^[\\p{Nd}\\u00b2\\u00b3\\u00b9\\u1369-\\u1371\\u19da\\u2070\\u2074-\\u2079\\u2080-\\u2089" +
    "\\u2460-\\u2468\\u2474-\\u247c\\u2488-\\u2490\\u24ea\\u24f5-\\u24fd\\u24ff\\u2776-\\u277e" +
    "\\u2780-\\u2788\\u278a-\\u2792\\u{10a40}-\\u{10a43}\\u{10e60}-\\u{10e68}" +
    "\\u{11052}-\\u{1105a}\\u{1f100}-\\u{1f10a}]+$",
  "u"
);

// The code cannot be read: `code` says what, `token` where (scoring.entry_code.CodeError).
export class CodeError extends Error {
  constructor(code, token = "", params = {}) {
    super(code + (token ? ": " + token : ""));
    this.name = "CodeError";
    this.code = code;
    this.token = token;
    this.params = params;
  }
}

// The first `count` characters as Python counts them (code points, not UTF-16 units).
const head = (text, count) => Array.from(text).slice(0, count).join("");

// `text` as a whole number if it is at most six ASCII digits, else null.
const whole = (text) => (/^[0-9]{1,6}$/.test(text) ? Number(text) : null);

function seat(token, seats) {
  if (!DIGITS.test(token)) throw new CodeError("seat_expected", token);
  const number = whole(token);
  if (number === null || number < 1 || number > seats) {
    throw new CodeError("seat_range", head(token, 10), { max: seats });
  }
  return number;
}

// The full name of a contract or suit for one of its codes ("r", "fw", "rufspiel" ...), or null.
export const contractNamed = (token) => CONTRACT_CODES.get(token) || null;
export const suitNamed = (token) => SUIT_CODES.get(token) || null;

// The shortest code of a contract or suit given by its full name.
const codeOf = (codes, name) => Array.from(codes).find(([, meant]) => meant === name)[0];

// The fields of an entry before anything is read (EntryCode's defaults).
const EMPTY_ENTRY = {
  contract: null,
  declarer_seat: null,
  suit: null,
  partner_seat: null,
  won: null,
  schneider: false,
  schwarz: false,
  tout: false,
  augen: null,
  laufende: null,
  kontra: 0,
};

// Read one line of code for a table with `seats` seats; throws CodeError.
export function parseCode(text, seats) {
  const tokens = text
    .toLowerCase()
    .replaceAll(",", " ")
    .split(SPACES)
    .filter((token) => token);
  if (!tokens.length) throw new CodeError("empty");
  const contract = contractNamed(tokens[0]);
  if (!contract) throw new CodeError("contract_unknown", head(tokens[0], 20));
  const rest = tokens.slice(1);
  if (contract === "zusammengeworfen") {
    // A thrown-in deal (all passed, 4.1.5 of 2024): nothing follows.
    if (rest.length) throw new CodeError("token_unknown", head(rest[0], 20));
    return { ...EMPTY_ENTRY, contract };
  }
  let suit = null;
  if (NEEDS_SUIT.has(contract)) {
    if (!rest.length || !SUIT_CODES.has(rest[0])) {
      throw new CodeError("suit_expected", rest.length ? rest[0] : "", { contract });
    }
    suit = SUIT_CODES.get(rest.shift());
  }
  if (!rest.length) throw new CodeError("seat_expected");
  const declarer = seat(rest.shift(), seats);
  let partner = null;
  if (contract === "rufspiel") {
    if (!rest.length) throw new CodeError("partner_expected");
    partner = seat(rest.shift(), seats);
  }
  const entry = { ...EMPTY_ENTRY, contract, declarer_seat: declarer, suit, partner_seat: partner };
  for (const token of rest) {
    const number = whole(token.slice(1));
    if (RESULT_CODES.has(token) && entry.won === null) entry.won = RESULT_CODES.get(token);
    else if (FLAG_CODES.has(token)) entry[FLAG_CODES.get(token)] = true;
    else if (token.startsWith("a") && number !== null && entry.augen === null) entry.augen = number;
    else if (token.startsWith("l") && number !== null && entry.laufende === null) {
      entry.laufende = number;
    } else if (KONTRA_CODES.has(token) && !entry.kontra) entry.kontra = KONTRA_CODES.get(token);
    else throw new CodeError("token_unknown", head(token, 20));
  }
  if (entry.schwarz) entry.schneider = true;
  return entry;
}

const given = (value) => value !== null && value !== undefined;

// The shortest code that reads back as `entry` (fields as parseCode gives them).
export function formatCode(entry) {
  const tokens = [codeOf(CONTRACT_CODES, entry.contract)];
  if (given(entry.suit)) tokens.push(codeOf(SUIT_CODES, entry.suit));
  if (given(entry.declarer_seat)) tokens.push(String(entry.declarer_seat));
  if (given(entry.partner_seat)) tokens.push(String(entry.partner_seat));
  if (given(entry.won)) tokens.push(entry.won ? "+" : "-");
  if (entry.schwarz) tokens.push("sw");
  else if (entry.schneider) tokens.push("sn");
  if (entry.tout) tokens.push("t");
  if (given(entry.augen)) tokens.push("a" + entry.augen);
  if (given(entry.laufende)) tokens.push("l" + entry.laufende);
  if (entry.kontra) tokens.push("k".repeat(entry.kontra));
  return tokens.join(" ");
}
